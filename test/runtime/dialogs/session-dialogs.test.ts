/** §4.2: the dialogs a session start opens, and the body that saves the interface preferences. */
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { interfacePreferencesBody, languageToStore } from "../../../runtime/dialogs/interface-preferences.ts";
import {
  type SessionDialogInput,
  sessionDialogInput,
  sessionDialogsToOpen,
  sessionKey,
} from "../../../runtime/dialogs/session-dialogs.ts";
import type { LoggedInConfig } from "../../../schemas/payloads/user-session.ts";

const base: SessionDialogInput = {
  showLoginAnnouncement: false,
  mustSetup2FA: false,
  welcomeSeen: true,
  showHelpLinks: true,
  videoTutorials: true,
  impersonating: false,
};

describe("sessionDialogsToOpen", () => {
  const rows: [string, Partial<SessionDialogInput>, string[]][] = [
    ["nothing due", {}, []],
    ["announcement flagged", { showLoginAnnouncement: true }, ["loginAnnouncement"]],
    ["2FA set-up opens My Settings", { mustSetup2FA: true }, ["mySettings"]],
    ["welcome due", { welcomeSeen: false }, ["welcome"]],
    ["welcome needs the video tutorials flag", { welcomeSeen: false, videoTutorials: false }, []],
    ["welcome needs ShowHelpLinks", { welcomeSeen: false, showHelpLinks: false }, []],
    ["no welcome for an impersonating administrator", { welcomeSeen: false, impersonating: true }, []],
    [
      "all due: the most urgent on top",
      { welcomeSeen: false, showLoginAnnouncement: true, mustSetup2FA: true },
      ["welcome", "loginAnnouncement", "mySettings"],
    ],
  ];
  for (const [name, over, expected] of rows) {
    test(name, () => assert.deepEqual(sessionDialogsToOpen({ ...base, ...over }), expected));
  }
});

test("sessionDialogInput reads LoggedInConfig, InterfacePreferences as a JSON string included (§3)", () => {
  const config = {
    ShowLoginAnnouncement: true,
    User: {
      MustSetup2FA: false,
      ShowHelpLinks: true,
      Impersonating: false,
      AccountRecId: 7,
      UserUID: "u-1",
      InterfacePreferences: JSON.stringify({ theme: "dark", welcomeSeen: true }),
    },
  } as unknown as LoggedInConfig;
  assert.deepEqual(sessionDialogInput(config, true), {
    showLoginAnnouncement: true,
    mustSetup2FA: false,
    welcomeSeen: true,
    showHelpLinks: true,
    videoTutorials: true,
    impersonating: false,
  });
  assert.equal(sessionKey(config), "7:u-1:u");
});

describe("interfacePreferencesBody (PUT /User/Interface stores the whole preferences)", () => {
  test("keeps welcomeSeen and contrast as last saved when only the theme changes", () => {
    const body = interfacePreferencesBody(
      { theme: "dark", recentColors: ["#112233"] },
      { welcomeSeen: true, contrast: true, theme: "light" },
    );
    assert.deepEqual(body, {
      InterfacePreferences: { theme: "dark", recentColors: ["#112233"], contrast: true, welcomeSeen: true },
    });
  });
  test("the page's contrast choice wins over the saved one; welcomeSeen can be set", () => {
    const body = interfacePreferencesBody(
      { contrast: false, recentColors: [] },
      { contrast: true },
      { welcomeSeen: true },
    );
    assert.deepEqual(body, {
      InterfacePreferences: { recentColors: [], contrast: false, welcomeSeen: true },
    });
  });
  test("nothing saved and nothing chosen sends only the colours", () => {
    assert.deepEqual(interfacePreferencesBody({ recentColors: [] }, {}), {
      InterfacePreferences: { recentColors: [] },
    });
  });
  test("a language to store travels as LanguageCode beside the preferences (§4.2)", () => {
    assert.deepEqual(interfacePreferencesBody({ recentColors: [] }, {}, { languageCode: "de" }), {
      InterfacePreferences: { recentColors: [] },
      LanguageCode: "de",
    });
  });
});

describe("languageToStore (My Settings' Save stores the language on the user, §4.2)", () => {
  const rows: [string, string, boolean, string | undefined][] = [
    ["the language on screen", "de", false, "de"],
    ["English as well", "en", false, "en"],
    ["not while impersonating: the impersonation cookie keeps that choice", "de", true, undefined],
    ["not a language of §1", "xx", false, undefined],
  ];
  for (const [name, shown, impersonating, expected] of rows) {
    test(name, () => assert.equal(languageToStore(shown, impersonating), expected));
  }
});
