/**
 * Preview as rendered to HTML in Node (react-dom/server, stylesheets stubbed): a previewed shell is
 * drawn inert in the previewed language and theme with the real entry texts, sections and upgrade
 * badge (§2.5, §4.1 step 11, §6), with an outline of the same entries outside the drawing for screen
 * readers and nothing followable in it, and, for a role, the first screen `/` opens named with the
 * state asking for a user (a role has nobody to read its data as); the chooser's fields carry their
 * labels. (The notification entries need a DOM for DOMPurify: they are left out here.)
 */
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { before, describe, test } from "node:test";
import type { ClientManifest } from "../../../../../../schemas/client-manifest.ts";
import { previewFacts, previewManifest } from "../../../../../../server/gateway/config/preview.ts";
import type { ManifestSet } from "../../../../../../server/gateway/manifests/manifest-set.ts";
import { BASE_SERVED } from "../../../../../helpers/base-served.ts";
import { ROOT } from "../../../../../helpers/manifest-fixtures.ts";
import { defaultManifests } from "../../../../../server/gateway/session/gateway-fixture.ts";
import { initTestI18n } from "../../../../components/css-stub.ts";

const locale = (language: string) =>
  JSON.parse(readFileSync(join(ROOT, "locales", `${language}.json`), "utf8")) as Record<string, string>;

let render: (node: unknown) => string;
let h: typeof import("react").createElement;
let MemoryRouter: typeof import("react-router").MemoryRouter;
let ManifestContext: typeof import("../../../../../../runtime/state/manifest-context.tsx").ManifestContext;
let PreviewShell: typeof import("../../../../../../runtime/screens/admin/studio/preview/preview-shell.tsx").PreviewShell;
let PreviewAs: typeof import("../../../../../../runtime/screens/admin/studio/preview/preview-as.tsx").default;
let set: ManifestSet;

before(async () => {
  await initTestI18n(locale("en"));
  const server = await import("react-dom/server");
  render = (node) => server.renderToStaticMarkup(node as never);
  ({ createElement: h } = await import("react"));
  ({ MemoryRouter } = await import("react-router"));
  ({ ManifestContext } = await import("../../../../../../runtime/state/manifest-context.tsx"));
  ({ PreviewShell } = await import(
    "../../../../../../runtime/screens/admin/studio/preview/preview-shell.tsx"
  ));
  PreviewAs = (await import("../../../../../../runtime/screens/admin/studio/preview/preview-as.tsx")).default;
  set = await defaultManifests();
});

/** A viewer's manifest (Dashboards and Reports, the Dashboard feature Optional), without notification templates. */
function viewerManifest(): ClientManifest {
  const features: Record<string, "Included" | "Optional"> = {};
  for (const feature of set.permissions.features) {
    features[feature.sessionFlag ?? (feature.configName as string)] =
      feature.id === "Dashboard" ? "Optional" : "Included";
  }
  const facts = previewFacts(2, { rolePermissions: ["Dashboards_r", "Reports_r"], features });
  return { ...previewManifest(set, BASE_SERVED, facts).manifest, notifications: null };
}

const account = {
  accountName: "Northwind",
  logoUID: null,
  isWhiteLabel: false,
  menuLogoIsSet: false,
  menuLogoStyle: null,
  menuDisplayTitleType: null,
  menuTitle: null,
};

function shell(language: "fr" | "en", theme: "light" | "dark", texts = locale(language)) {
  return render(
    h(
      MemoryRouter,
      null,
      h(PreviewShell, {
        manifest: viewerManifest(),
        texts,
        language,
        theme,
        account,
        userName: "Vera Viewer",
        nowMs: Date.UTC(2025, 0, 15, 9, 30),
        reader: null,
        failureText: () => "",
      }),
    ),
  );
}

/** The markup of the inert drawing and of what follows it. */
function parts(html: string): { drawing: string; outside: string } {
  const start = html.indexOf('<div class="studio-preview-shell"');
  const outline = html.indexOf('<div class="kit-visually-hidden"');
  assert.ok(start >= 0 && outline > start, "a drawing, then the outline");
  return { drawing: html.slice(start, outline), outside: html.slice(0, start) + html.slice(outline) };
}

describe("a previewed shell", () => {
  test("drawn inert, in the previewed language, with the real texts of the served entries", () => {
    const fr = locale("fr");
    const html = shell("fr", "light");
    const { drawing, outside } = parts(html);
    assert.match(drawing, /^<div class="studio-preview-shell" lang="fr" inert="">/);
    assert.ok(drawing.includes(`>${fr.Menu_Dashboards}<`), "the navigation panel's entry, in French");
    assert.ok(drawing.includes(`>${fr.Menu_Reports}<`));
    assert.ok(!drawing.includes(`>${fr.Menu_Users}<`), "§6: Users is not the viewer's");
    assert.ok(drawing.includes("Northwind"), "the account's brand");
    assert.ok(drawing.includes("Vera Viewer"), "the user menu's name");
    assert.equal(/<a |<button/.test(outside), false, "nothing followable outside the inert drawing");
  });

  test("§4.1 step 11: the feature not Included badges its entry, in the drawing and the outline", () => {
    const fr = locale("fr");
    const html = shell("fr", "light");
    const { drawing, outside } = parts(html);
    assert.ok(
      drawing.includes(`${fr.Menu_Dashboards}</span><span class="shell-badge">${fr.Shell_UpgradeBadge}<`),
    );
    assert.ok(
      outside.includes(`${fr.Menu_Dashboards} (Upgrade badge)`),
      "the outline says so in the studio's language",
    );
  });

  test("the outline lists the sections and entries for screen readers", () => {
    const fr = locale("fr");
    const section = set.menus.main.sections.find((s) => s.links.some((l) => l.id === "dashboards"));
    const { outside } = parts(shell("fr", "light"));
    assert.ok(outside.includes('<h4 lang="en">What the shell shows</h4>'));
    assert.ok(outside.includes(`<h5 lang="en">Navigation panel</h5>`));
    assert.ok(section && outside.includes(`<li>${fr[section.titleKey]}<ul>`), "the section's title");
  });

  test("the theme goes on the frame only; for a role, the first screen is named and asks for a user", () => {
    const html = shell("en", "dark");
    assert.match(
      html,
      /^<div class="studio-preview-frame studio-preview-frame--dark" data-preview-theme="dark"/,
    );
    const figure = html.slice(html.indexOf('<figure class="studio-preview-screen">'));
    assert.ok(
      figure.startsWith(
        `<figure class="studio-preview-screen"><figcaption class="studio-preview-drawn__caption">First screen: ${locale("en").PageTitle_Home}</figcaption>`,
      ),
      figure.slice(0, 300),
    );
    assert.ok(figure.includes(locale("en").StudioPreview_FirstScreenChooseUser as string));
    assert.equal(/<a |<button/.test(figure), false, "nothing drawn, nothing to follow");
  });

  test("a text the draft changed is the one drawn", () => {
    const texts = { ...locale("en"), Menu_Reports: "Reports (renamed)" };
    assert.ok(parts(shell("en", "light", texts)).drawing.includes(">Reports (renamed)<"));
  });
});

describe("the chooser", () => {
  test("every field is labelled and the button says Preview; no result yet", () => {
    const html = render(
      h(
        MemoryRouter,
        null,
        h(
          ManifestContext.Provider,
          { value: viewerManifest() },
          h(PreviewAs, { changeSetId: 3, servingVersion: 7 }),
        ),
      ),
    );
    for (const label of ["Account", "User", "Language", "Theme"]) {
      assert.match(
        html,
        new RegExp(`<label id="[^"]+-label" for="[^"]+" class="kit-field__label">${label}<`),
        label,
      );
    }
    assert.match(html, /<button type="submit" class="kit-button kit-button--primary"[^>]*>Preview<\/button>/);
    assert.ok(html.includes(">A specific user<") && html.includes(">A role<"));
    assert.ok(!html.includes("What this person sees"), "no result before a preview");
  });
});
