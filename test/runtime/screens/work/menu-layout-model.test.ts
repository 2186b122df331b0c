/** The /menus editor as pure data: the stored layout in the editor, moves, hide/show, the PUT body. */
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import {
  editorSections,
  isLayoutChanged,
  layoutUpdate,
  moveKey,
  sectionTitleKey,
  setHidden,
  setTitle,
} from "../../../../runtime/screens/work/security/menu-layout-model.ts";

const EMPTY = { Sections: [] };
const keysOf = (sections: ReturnType<typeof editorSections>, id: string) =>
  sections.find((s) => s.id === id)?.keys.map((k) => (k.hidden ? `-${k.key}` : k.key));

describe("editorSections", () => {
  test("the §6 sections in default order, titled by their manifest keys", () => {
    const sections = editorSections(EMPTY);
    assert.deepEqual(
      sections.map((s) => s.id),
      ["data", "analytics", "automation", "security", "support", "account"],
    );
    assert.equal(sections[0]?.titleKey, "MenuSection_Data");
    assert.equal(sectionTitleKey("automation"), "MenuSection_Automation");
    assert.deepEqual(keysOf(sections, "automation"), ["Schedules", "Alerts", "Tasks"]);
  });

  test("a stored order first, the rest after; hidden keys and the title kept", () => {
    const sections = editorSections({
      Sections: [{ Id: "automation", Title: "Jobs", Order: ["Tasks"], Hidden: ["Alerts"] }],
    });
    assert.deepEqual(keysOf(sections, "automation"), ["Tasks", "Schedules", "-Alerts"]);
    assert.equal(sections.find((s) => s.id === "automation")?.title, "Jobs");
  });
});

describe("editing", () => {
  test("moves stay within the section and stop at its edges", () => {
    let sections = editorSections(EMPTY);
    sections = moveKey(sections, "automation", "Tasks", -1);
    assert.deepEqual(keysOf(sections, "automation"), ["Schedules", "Tasks", "Alerts"]);
    sections = moveKey(sections, "automation", "Schedules", -1);
    assert.deepEqual(keysOf(sections, "automation"), ["Schedules", "Tasks", "Alerts"]);
    sections = moveKey(sections, "automation", "Alerts", 1);
    assert.deepEqual(keysOf(sections, "automation"), ["Schedules", "Tasks", "Alerts"]);
    assert.deepEqual(keysOf(sections, "data"), keysOf(editorSections(EMPTY), "data"));
  });

  test("hide and show; the Menus link cannot be hidden", () => {
    let sections = setHidden(editorSections(EMPTY), "security", "Teams", true);
    assert.deepEqual(keysOf(sections, "security"), ["Users", "-Teams", "Roles", "Menus"]);
    sections = setHidden(sections, "security", "Menus", true);
    assert.deepEqual(keysOf(sections, "security"), ["Users", "-Teams", "Roles", "Menus"]);
    sections = setHidden(sections, "security", "Teams", false);
    assert.deepEqual(keysOf(sections, "security"), ["Users", "Teams", "Roles", "Menus"]);
  });

  test("the body holds only sections that differ from the default, with their full order", () => {
    assert.deepEqual(layoutUpdate(editorSections(EMPTY)), { Sections: [] });
    let sections = setTitle(editorSections(EMPTY), "support", "  Help  ");
    sections = setHidden(moveKey(sections, "automation", "Tasks", -1), "automation", "Alerts", true);
    assert.deepEqual(layoutUpdate(sections), {
      Sections: [
        { Id: "automation", Title: "", Order: ["Schedules", "Tasks", "Alerts"], Hidden: ["Alerts"] },
        {
          Id: "support",
          Title: "Help",
          Order: ["SupportTickets", "Projects", "SupportSessions"],
          Hidden: [],
        },
      ],
    });
    assert.equal(isLayoutChanged(sections, EMPTY), true);
    assert.equal(isLayoutChanged(editorSections(EMPTY), EMPTY), false);
    const stored = { Sections: layoutUpdate(sections).Sections };
    assert.equal(isLayoutChanged(editorSections(stored), stored), false);
  });
});
