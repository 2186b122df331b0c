/**
 * What a resolved notification link becomes in the page (§4.3, §7), and the entry's image sources.
 */
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import {
  notificationDialogOpener,
  notificationLinkTarget,
  setNotificationDialogOpener,
  sourcePictureUrl,
  thumbnailUrl,
} from "../../../runtime/notifications/notification-link.ts";

describe("notification links (§4.3, §7)", () => {
  const registry = (id: string) => id === "taskLogViewer";
  const none = () => false;

  test("a route navigates in the app", () => {
    assert.deepEqual(notificationLinkTarget({ type: "route", to: "/connection" }, none), {
      kind: "route",
      to: "/connection",
    });
  });

  test("an unsafe route is never followed", () => {
    assert.equal(notificationLinkTarget({ type: "route", to: "//evil.example" }, none), null);
  });

  test("a dialog opens through the user's registry when it holds the dialog", () => {
    const action = { type: "dialog", dialogId: "taskLogViewer", params: { recId: 12 } } as const;
    assert.deepEqual(notificationLinkTarget(action, registry), {
      kind: "dialog",
      dialogId: "taskLogViewer",
      params: { recId: 12 },
    });
    assert.equal(notificationLinkTarget(action, none), null, "not in the registry: no link");
  });

  test("a download is {webservices}/File/{type}/{uid} through the gateway", () => {
    const action = {
      type: "download",
      fileSystemItemType: "Export",
      fileUID: "f-1",
      webservicesPath: "File/Export/f-1",
    } as const;
    assert.deepEqual(notificationLinkTarget(action, none), {
      kind: "download",
      href: "/webservices/File/Export/f-1",
    });
  });

  test("an invoice opens at the domain path invoice/{number}", () => {
    const action = { type: "invoice", invoiceNumber: "INV-7", domainPath: "invoice/INV-7" } as const;
    assert.deepEqual(notificationLinkTarget(action, none), { kind: "invoice", href: "/api/invoice/INV-7" });
  });

  test("the avatar is {webservices}/user/avatar/{uid}", () => {
    assert.equal(
      sourcePictureUrl({
        sourcePicture: { kind: "userAvatar", userUID: "u 1", webservicesPath: "user/avatar/u%201" },
      }),
      "/webservices/user/avatar/u%201",
    );
    assert.equal(sourcePictureUrl({}), null);
  });

  test("the thumbnail is a PNG data: URL", () => {
    assert.equal(thumbnailUrl({ thumbnail: "iVBORw0KGgo=" }), "data:image/png;base64,iVBORw0KGgo=");
    assert.equal(thumbnailUrl({}), null);
  });

  test("the dialog stack registers its opener while mounted", () => {
    const opener = () => undefined;
    setNotificationDialogOpener(opener);
    assert.equal(notificationDialogOpener(), opener);
    setNotificationDialogOpener(null);
    assert.equal(notificationDialogOpener(), null);
  });
});
