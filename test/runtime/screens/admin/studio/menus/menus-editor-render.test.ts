/**
 * The studio's menus editor rendered to HTML in Node (react-dom/server, stylesheets stubbed) with
 * the real menus, routes and texts: every menu is a region named after it, the panel's sections sit
 * in its two columns and the admin menu's in four (§2.5, §9) with the limits said, every entry is a
 * button named by its text beside a handle that reorders it, and without Write every handle and
 * action is disabled (§6) while entries stay selectable for reading.
 */
import assert from "node:assert/strict";
import { before, describe, test } from "node:test";
import de from "../../../../../../locales/de.json" with { type: "json" };
import en from "../../../../../../locales/en.json" with { type: "json" };
import es from "../../../../../../locales/es.json" with { type: "json" };
import fr from "../../../../../../locales/fr.json" with { type: "json" };
import it from "../../../../../../locales/it.json" with { type: "json" };
import nl from "../../../../../../locales/nl.json" with { type: "json" };
import pt from "../../../../../../locales/pt.json" with { type: "json" };
import menusJson from "../../../../../../manifests/menus.json" with { type: "json" };
import routesJson from "../../../../../../manifests/routes.json" with { type: "json" };
import shellJson from "../../../../../../manifests/shell.json" with { type: "json" };
import type { MenusDocument } from "../../../../../../runtime/screens/admin/studio/editors/menus/menu-model.ts";
import type { TextsByLanguage } from "../../../../../../runtime/screens/admin/studio/studio-model.ts";
import { initTestI18n } from "../../../../components/css-stub.ts";

const menus = menusJson as unknown as MenusDocument;
const texts: TextsByLanguage = { en, de, es, fr, nl, pt, it };

let render: (readOnly: boolean, document?: unknown) => string;

before(async () => {
  await initTestI18n(en);
  const server = await import("react-dom/server");
  const { createElement } = await import("react");
  const { ManifestContext } = await import("../../../../../../runtime/state/manifest-context.tsx");
  const MenusEditor = (
    await import("../../../../../../runtime/screens/admin/studio/editors/menus/menus-editor.tsx")
  ).default;
  render = (readOnly, document = menus) =>
    server.renderToStaticMarkup(
      createElement(
        ManifestContext.Provider,
        { value: { shell: shellJson } as never },
        createElement(MenusEditor, {
          document: document as MenusDocument,
          live: menus,
          texts,
          liveTexts: texts,
          readOnly,
          onChange: () => {},
          onTextsChange: () => {},
          focusPointer: null,
          routes: routesJson,
        }),
      ),
    );
});

/** The text between the tags, attributes dropped. */
const buttons = (html: string) =>
  [...html.matchAll(/<button([^>]*)>(.*?)<\/button>/g)].map(([, attributes = "", content = ""]) => ({
    label: /aria-label="([^"]*)"/.exec(attributes)?.[1] ?? content.replace(/<[^>]+>/g, ""),
    disabled: / disabled=""/.test(attributes),
  }));

describe("the menus editor", () => {
  test("each menu is a region named after it", () => {
    const html = render(false);
    for (const menu of ["Main menu", "Admin menu", "User menu", "Help menu"]) {
      assert.match(
        html,
        new RegExp(
          `<section class="studio-menus__menu" aria-labelledby="([^"]+)"><div[^>]*><h2 id="\\1"[^>]*>${menu}</h2>`,
        ),
      );
    }
  });

  test("the panel's sections are in its two columns, the admin menu's in four, with the limit said (§9)", () => {
    const html = render(false);
    const columns = [...html.matchAll(/role="group" aria-label="(Column \d of \d)"/g)].map((m) => m[1]);
    assert.deepEqual(columns, [
      "Column 1 of 2",
      "Column 2 of 2",
      "Column 1 of 4",
      "Column 2 of 4",
      "Column 3 of 4",
      "Column 4 of 4",
    ]);
    assert.match(html, /Shows 2 of at most 2 columns, 420 px wide\./);
    assert.match(html, /Shows 4 of at most 4 columns, 880 px wide\./);
  });

  test("every entry is a button named by its text beside the handle that reorders it", () => {
    const names = buttons(render(false)).map((b) => b.label);
    for (const name of ["Dashboards", "Analytics", "Reports", "Sign out"]) {
      assert.ok(names.includes(name), name);
    }
    assert.ok(names.includes("Reorder Dashboards"));
    assert.ok(names.includes("Reorder section Analytics"));
    assert.ok(names.includes("Add link to the Main menu"));
    assert.ok(names.includes("Add link to the Admin menu"));
  });

  test("without Write every handle and action is disabled; entries stay selectable (§6)", () => {
    const all = buttons(render(true));
    const handles = all.filter((b) => b.label.startsWith("Reorder "));
    assert.ok(handles.length > 40);
    assert.ok(handles.every((b) => b.disabled));
    assert.ok(all.filter((b) => b.label.startsWith("Add link")).every((b) => b.disabled));
    assert.equal(all.find((b) => b.label === "Dashboards")?.disabled, false);
    assert.ok(!/draggable="true"/.test(render(true)));
    assert.ok(/draggable="true"/.test(render(false)));
  });

  test("a document the editor cannot read is said with the pointer at fault", () => {
    assert.match(render(false, { ...menus, user: null }), /role="alert"[^>]*>.*at \/user\/entries\./);
  });
});
