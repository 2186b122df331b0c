/**
 * The studio's notification templates editor rendered to HTML in Node (react-dom/server, stylesheets
 * stubbed, jsdom's window for DOMPurify) with the real notifications manifest and texts: the preview
 * draws one card per sample of the selected code — every variant, the administrator's and the
 * member's sample of a role-dependent link, the markup sample — with the draft's text in the preview
 * language, and Custom's fields as the sanitiser leaves them; §6 read-only disables every editing
 * control while the code search, the code list and the preview's language and theme stay usable.
 */
import assert from "node:assert/strict";
import { before, describe, test } from "node:test";
import { JSDOM } from "jsdom";
import de from "../../../../../../locales/de.json" with { type: "json" };
import en from "../../../../../../locales/en.json" with { type: "json" };
import es from "../../../../../../locales/es.json" with { type: "json" };
import fr from "../../../../../../locales/fr.json" with { type: "json" };
import it from "../../../../../../locales/it.json" with { type: "json" };
import nl from "../../../../../../locales/nl.json" with { type: "json" };
import pt from "../../../../../../locales/pt.json" with { type: "json" };
import dialogs from "../../../../../../manifests/dialogs.json" with { type: "json" };
import notificationsJson from "../../../../../../manifests/notifications.json" with { type: "json" };
import type { NotificationsDocument } from "../../../../../../runtime/screens/admin/studio/editors/templates/templates-editor.tsx";
import type { TextsByLanguage } from "../../../../../../runtime/screens/admin/studio/studio-model.ts";
import { initTestI18n } from "../../../../components/css-stub.ts";

// DOMPurify sanitises in a DOM: the page's own in the browser, jsdom's here (a devDependency).
(globalThis as { window?: unknown }).window = new JSDOM("<!doctype html><html><body></body></html>").window;

const notifications = notificationsJson as unknown as NotificationsDocument;
const TEXTS: TextsByLanguage = { en, de, es, fr, nl, pt, it };

let render: (options: { code: string; readOnly: boolean; texts?: TextsByLanguage }) => string;

before(async () => {
  await initTestI18n(en);
  const server = await import("react-dom/server");
  const { createElement: h } = await import("react");
  const { MemoryRouter } = await import("react-router");
  const { ManifestContext } = await import("../../../../../../runtime/state/manifest-context.tsx");
  const { default: TemplatesEditor } = await import(
    "../../../../../../runtime/screens/admin/studio/editors/templates/templates-editor.tsx"
  );
  render = ({ code, readOnly, texts = TEXTS }) =>
    server.renderToStaticMarkup(
      h(
        MemoryRouter,
        null,
        h(
          ManifestContext.Provider,
          { value: { dialogs } as never },
          h(TemplatesEditor, {
            document: notifications,
            live: notifications,
            texts,
            liveTexts: TEXTS,
            readOnly,
            onChange: () => {},
            onTextsChange: () => {},
            // A pointer into the code selects it, as a validation problem's jump does.
            focusPointer: `/templates/${indexOf(code)}`,
          }),
        ),
      ),
    );
});

function indexOf(code: string): number {
  const index = notifications.templates.findIndex((template) => template.code === code);
  assert.ok(index >= 0, `the manifest has ${code}`);
  return index;
}

/** The markup between the opening tag of the section labelled `heading` and its end. */
function section(html: string, heading: string): string {
  const title = html.search(new RegExp(`<h3 id="[^"]+"[^>]*>${heading}</h3>`));
  assert.ok(title >= 0, `a section headed ${heading}`);
  const start = html.lastIndexOf("<section", title);
  return html.slice(start, html.indexOf("</section>", title));
}

/** The captions of the preview's cards, in order. */
const captions = (html: string) =>
  [
    ...section(html, "Preview").matchAll(/<h4 id="[^"]+" class="studio-templates__card-title">(.*?)<\/h4>/g),
  ].map(([, caption]) => caption ?? "");

/** Every form control's opening tag (the kit's select is a combobox element). */
const controls = (html: string) =>
  [...html.matchAll(/<(input|textarea|button|select)\b[^>]*>|<[a-z]+\b[^>]*role="combobox"[^>]*>/g)].map(
    ([tag]) => tag,
  );
const isDisabled = (tag: string) => / disabled=""/.test(tag) || /aria-disabled="true"/.test(tag);

describe("the templates editor's live preview", () => {
  test("a card per variant of the code, each drawn as a notification list entry", () => {
    const html = render({ code: "ExportFailed", readOnly: false });
    const shown = captions(html);
    for (const variant of ["expired", "default"]) {
      assert.ok(
        shown.some((caption) => caption.startsWith(`Variant ${variant}`)),
        `${variant} in ${shown}`,
      );
    }
    const preview = section(html, "Preview");
    assert.equal(preview.match(/role="listitem"/g)?.length, shown.length, "one entry per card");
  });

  test("a role-dependent link: the administrator's sample and the member's, with where each goes", () => {
    const html = render({ code: "SupportTicketUpdated", readOnly: false });
    const shown = captions(html);
    assert.ok(
      shown.some((caption) => caption.includes("Seen by an administrator")),
      String(shown),
    );
    assert.ok(
      shown.some((caption) => caption.includes("Seen by a member")),
      String(shown),
    );
    const preview = section(html, "Preview");
    assert.match(preview, /goes to \/admin\/support\?id=/);
    assert.match(preview, /opens the dialog supportTicketSettings/);
  });

  test("the draft's text is the one drawn, its value filled in, in the preview language", () => {
    const preview = (texts: TextsByLanguage) =>
      section(render({ code: "ExportFailed", readOnly: false, texts }), "Preview");
    assert.doesNotMatch(preview(TEXTS), /Draft: /);
    const draft = { ...TEXTS, en: { ...en, Notification_ExportFailed: "Draft: {{export}} did not export" } };
    assert.match(preview(draft), /<p class="notif-item__text">Draft: [^<{]+ did not export<\/p>/);
    // The preview starts in the UI language (English here); another language's draft shows only
    // once that language is chosen.
    const french = { ...TEXTS, fr: { ...fr, Notification_ExportFailed: "Échec : {{export}} (brouillon)" } };
    assert.doesNotMatch(preview(french), /brouillon/);
  });

  test("Custom's Title and Body as sent and as the sanitiser leaves them", () => {
    const html = render({ code: "Custom", readOnly: false });
    const preview = section(html, "Preview");
    assert.ok(captions(html).some((caption) => caption.includes("Markup in the fields")));
    assert.match(preview, /As it will be sanitised/);
    assert.match(preview, /Body as sent \(HTML, sanitised\)/);
    const after = [
      ...preview.matchAll(/<dt>Description HTML after sanitising<\/dt><dd><code>(.*?)<\/code><\/dd>/g),
    ].map(([, code]) => code ?? "");
    assert.ok(after.length > 0, "the description's HTML after sanitising is shown");
    for (const code of after) {
      // Shown as text (escaped once by React): no script, handler or javascript: link survives.
      assert.doesNotMatch(code, /&lt;script|onerror=|onclick=|javascript:/i, code);
    }
    // The markup sample's Body as sent carries the hostile HTML; after sanitising only <b> and the
    // link's text are left.
    assert.match(
      preview,
      /<dt>Body as sent \(HTML, sanitised\)<\/dt><dd><code>[^<]*onerror=alert\(1\)[^<]*&lt;script&gt;/,
    );
    assert.ok(
      after.some((code) => code.startsWith("&lt;b&gt;bold&lt;/b&gt;")),
      `the markup sample's description keeps <b>: ${after}`,
    );
  });
});

describe("§6 read-only", () => {
  for (const code of ["SupportTicketUpdated", "ExportFailed", "Custom"]) {
    test(`${code}: every control of the form is disabled; search, codes, language and theme are not`, () => {
      const form = (readOnly: boolean) =>
        controls(section(render({ code, readOnly }), code.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")));
      const editable = form(false);
      assert.ok(editable.length >= 3, `the form has controls: ${editable.length}`);
      assert.ok(
        editable.every((tag) => !isDisabled(tag)),
        "with Write, the form's controls are enabled",
      );
      const locked = form(true);
      assert.equal(locked.length, editable.length);
      for (const tag of locked) assert.ok(isDisabled(tag), tag);

      const html = render({ code, readOnly: true });
      const search = controls(html).find((tag) => /type="search"/.test(tag));
      assert.ok(search && !isDisabled(search), "the code search");
      const codes = [...html.matchAll(/<button[^>]*class="studio-templates__code[^"]*"[^>]*>/g)].map(
        ([tag]) => tag,
      );
      assert.equal(codes.length, notifications.templates.length + 1, "every code and the unknown code");
      assert.ok(codes.every((tag) => !isDisabled(tag)));
      const preview = controls(section(html, "Preview")).filter((tag) => /role="combobox"/.test(tag));
      assert.equal(preview.length, 2, "the preview's language and theme");
      assert.ok(preview.every((tag) => !isDisabled(tag)));
    });
  }
});
