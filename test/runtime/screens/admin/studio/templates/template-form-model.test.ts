/**
 * The templates editor's decisions (§4.3): the code a validation problem's pointer selects and the
 * control it focuses, the code list's search, the texts a variant shows and who shares them, the
 * placeholder checks, and edits that replace exactly one variant of the document.
 */
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, test } from "node:test";
import {
  checkPlaceholders,
  codeListEntries,
  conditionWordings,
  focusTarget,
  keyUsage,
  plainText,
  pointerContains,
  selectionOfPointer,
  variantTexts,
  withParam,
  withUnknownCode,
  withVariant,
} from "../../../../../../runtime/screens/admin/studio/editors/templates/template-form-model.ts";
import type { NotificationsManifest, NotificationVariant } from "../../../../../../schemas/notifications.ts";
import { ROOT } from "../../../../../helpers/manifest-fixtures.ts";

const manifest = JSON.parse(
  readFileSync(join(ROOT, "manifests/notifications.json"), "utf8"),
) as NotificationsManifest;
const en = JSON.parse(readFileSync(join(ROOT, "locales/en.json"), "utf8")) as Record<string, string>;
const indexOf = (code: string) => manifest.templates.findIndex((template) => template.code === code);

describe("pointers: the selection and the focused control", () => {
  const cases = [
    {
      name: "a variant's field selects its template",
      pointer: "/templates/12/variants/0/descriptionKey",
      expect: { kind: "template", index: 12 },
    },
    { name: "a whole template selects it", pointer: "/templates/3", expect: { kind: "template", index: 3 } },
    {
      name: "the unknown-code entry",
      pointer: "/unknownCode/descriptionKey",
      expect: { kind: "unknownCode" },
    },
    {
      name: "past the last template: nothing",
      pointer: `/templates/${manifest.templates.length}`,
      expect: null,
    },
    { name: "not an index: nothing", pointer: "/templates/01", expect: null },
    { name: "elsewhere in the document: nothing", pointer: "/version", expect: null },
    { name: "no pointer: nothing", pointer: null, expect: null },
  ] as const;
  for (const { name, pointer, expect } of cases) {
    test(name, () => assert.deepEqual(selectionOfPointer(manifest, pointer), expect));
  }

  test("containment is by whole segments", () => {
    assert.equal(pointerContains("/templates/1", "/templates/1/variants/0"), true);
    assert.equal(pointerContains("/templates/1", "/templates/10"), false);
    assert.equal(pointerContains("/templates/1", "/templates/1"), true);
  });

  const controls = [
    "/templates/2",
    "/templates/2/variants/0",
    "/templates/2/variants/0/descriptionKey",
    "/templates/2/variants/0/link/linkTextKey",
    "/templates/2/variants/1",
    "/templates/2/variants/1/icon",
  ];
  const focusCases = [
    {
      name: "the control of the property itself",
      target: "/templates/2/variants/0/link/linkTextKey",
      expect: "/templates/2/variants/0/link/linkTextKey",
    },
    {
      name: "a property without a control: the deepest control around it",
      target: "/templates/2/variants/0/link/action/path",
      expect: "/templates/2/variants/0",
    },
    {
      name: "a pointer above the controls: the first inside it",
      target: "/templates",
      expect: "/templates/2",
    },
    { name: "a pointer elsewhere: none", target: "/unknownCode", expect: null },
  ] as const;
  for (const { name, target, expect } of focusCases) {
    test(`focus: ${name}`, () => assert.equal(focusTarget(controls, target), expect));
  }
});

describe("the code list", () => {
  test("every template in order, then the unknown-code entry, each with its text as the title", () => {
    const entries = codeListEntries(manifest, en, en, "", "Unknown code");
    assert.deepEqual(
      entries.map((entry) => entry.code),
      [...manifest.templates.map((template) => template.code), null],
    );
    assert.equal(entries[indexOf("AddedToTeam")]?.title, "{{author}} added you to the team {{team}}.");
    assert.equal(entries[indexOf("Custom")]?.title, null, "raw HTML has no text of its own");
    assert.equal(entries.at(-1)?.title, "Unknown notification code!");
  });

  const searches = [
    { name: "by code, any case", query: "supportticket", expect: ["SupportTicketUpdated"] },
    { name: "by title text", query: "re-authorized", expect: ["ReAuthConnector"] },
    { name: "the unknown entry by its label", query: "unknown code", expect: [null] },
    { name: "nothing", query: "zzz-no-such", expect: [] },
  ] as const;
  for (const { name, query, expect } of searches) {
    test(`search ${name}`, () => {
      assert.deepEqual(
        codeListEntries(manifest, en, en, query, "Unknown code").map((entry) => entry.code),
        expect,
      );
    });
  }

  test("the title follows the language's draft text, English where it lacks one", () => {
    const de = { Notification_AddedToTeam: "{{author}} hat Sie zum Team {{team}} hinzugefügt." };
    const entries = codeListEntries(manifest, de, en, "", "Unknown code");
    assert.equal(entries[indexOf("AddedToTeam")]?.title, de.Notification_AddedToTeam);
    assert.equal(entries[indexOf("AlertTriggered")]?.title, en.Notification_AlertTriggered);
  });

  test("a title is one line of text without tags", () => {
    assert.equal(plainText("Invoice <b>42</b>\n is  ready"), "Invoice 42 is ready");
  });
});

describe("the texts of a variant", () => {
  const ticket = manifest.templates[indexOf("SupportTicketUpdated")]?.variants[0] as NotificationVariant;

  test("description, fixed source name, value fallback and link text, each with the pointer of its key", () => {
    assert.deepEqual(
      variantTexts(ticket, "/templates/33/variants/0").map(({ role, key, pointer }) => [role, key, pointer]),
      [
        ["description", "Notification_SupportTicketUpdated", "/templates/33/variants/0/descriptionKey"],
        ["sourceName", "NotificationSource_Support", "/templates/33/variants/0/source/nameKey"],
        [
          "paramFallback",
          "NotificationFallback_Unnamed",
          "/templates/33/variants/0/params/ticket/fallbackKey",
        ],
        ["linkText", "NotificationLink_ViewTicket", "/templates/33/variants/0/link/linkTextKey"],
      ],
    );
  });

  test("a key the variant shows twice is one text, under its first role", () => {
    const shared = manifest.templates[indexOf("DataShared")]?.variants[0] as NotificationVariant;
    const keys = variantTexts(shared, "").map((text) => text.key);
    assert.equal(keys.filter((key) => key === "NotificationFallback_Someone").length, 1);
    assert.equal(
      variantTexts(shared, "").find((text) => text.key === "NotificationFallback_Someone")?.role,
      "sourceFallback",
    );
  });

  test("a shared key names every variant that shows it", () => {
    const usage = keyUsage(manifest, "Unknown code");
    assert.deepEqual(usage.get("Notification_SupportTicketUpdated"), ["SupportTicketUpdated › default"]);
    assert.ok((usage.get("NotificationFallback_Unnamed")?.length ?? 0) > 1);
    assert.deepEqual(usage.get("Notification_UnknownCode"), ["Unknown code"]);
  });

  const placeholderCases = [
    { name: "the variant's values", text: "{{ticket}} changed", expect: { unknown: [], unused: [] } },
    {
      name: "a value the variant does not fill",
      text: "{{ticket}} by {{author}}",
      expect: { unknown: ["author"], unused: [] },
    },
    { name: "a value left out", text: "A ticket changed", expect: { unknown: [], unused: ["ticket"] } },
  ] as const;
  for (const { name, text, expect } of placeholderCases) {
    test(`placeholders: ${name}`, () => assert.deepEqual(checkPlaceholders(text, ticket.params), expect));
  }

  test("conditions read in order: equals with its JSON value, present, absent", () => {
    const removed = manifest.templates[indexOf("RemovedFromTeam")]?.variants[0] as NotificationVariant;
    assert.deepEqual(conditionWordings(removed), [
      { kind: "equals", field: "IsRelatedObjectDeleted", value: "true" },
      { kind: "absent", field: "TeamName" },
    ]);
  });
});

describe("edits give the whole new document and share the rest", () => {
  test("withVariant replaces one variant only", () => {
    const index = indexOf("DataShared");
    const next = withVariant(manifest, index, 1, (variant) => ({ ...variant, icon: "trash" }));
    assert.equal(next.templates[index]?.variants[1]?.icon, "trash");
    assert.notEqual(manifest.templates[index]?.variants[1]?.icon, "trash", "the input is not changed");
    assert.equal(next.templates[index]?.variants[0], manifest.templates[index]?.variants[0]);
    assert.equal(next.templates[0], manifest.templates[0]);
    assert.equal(next.unknownCode, manifest.unknownCode);
    assert.throws(() => withVariant(manifest, index, 9, (variant) => variant), RangeError);
  });

  test("withParam changes a value's escaping or field", () => {
    const ticket = manifest.templates[indexOf("SupportTicketUpdated")]?.variants[0] as NotificationVariant;
    const next = withParam(ticket, "ticket", { escape: false });
    assert.equal(next.params?.ticket?.escape, false);
    assert.equal(next.params?.ticket?.field, "SupportTicketName");
    assert.equal(ticket.params?.ticket?.escape, true);
    assert.throws(() => withParam(ticket, "nope", { escape: true }), RangeError);
  });

  test("withUnknownCode replaces the unknown-code entry", () => {
    const next = withUnknownCode(manifest, (entry) => ({ ...entry, status: "warning" }));
    assert.equal(next.unknownCode.status, "warning");
    assert.equal(next.templates, manifest.templates);
  });
});
