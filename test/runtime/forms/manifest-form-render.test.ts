/**
 * Renders the themed @rjsf/core form to HTML in Node (react-dom/server), with the stylesheets the
 * components import stubbed out (css-stub.ts): proves the theme wiring (widgets, templates, fields,
 * validator) and the §6 read-only rule without a browser.
 */
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { before, describe, test } from "node:test";
import type { ScreenDetail, ScreensManifest } from "../../../schemas/screens.ts";
import { MANIFESTS_DIR } from "../../helpers/manifest-fixtures.ts";
import { initTestI18n } from "../components/css-stub.ts";

let render: (node: unknown) => string;
let ManifestForm: typeof import("../../../runtime/forms/manifest-form.tsx").ManifestForm;
let createElement: typeof import("react").createElement;

before(async () => {
  await initTestI18n({ Field_ShowPassword: "Show password" });
  const server = await import("react-dom/server");
  render = (node) => server.renderToStaticMarkup(node as never);
  ({ ManifestForm } = await import("../../../runtime/forms/manifest-form.tsx"));
  ({ createElement } = await import("react"));
});

const detail: ScreenDetail = {
  groups: [
    {
      id: "General",
      titleKey: "Group_General",
      columns: 2,
      fields: [
        { name: "Name", labelKey: "Field_Name", type: "string", required: true },
        { name: "Email", labelKey: "Field_Email", type: "email" },
        { name: "Password", labelKey: "Field_Password", type: "password", writeOnly: true },
        { name: "Active", labelKey: "Field_Active", type: "boolean" },
        {
          name: "Status",
          labelKey: "Field_Status",
          type: "select",
          options: [
            { value: "On", labelKey: "Status_On" },
            { value: "Off", labelKey: "Status_Off" },
          ],
        },
        { name: "Notes", labelKey: "Field_Notes", type: "text" },
      ],
    },
  ],
};

describe("ManifestForm renders the derived form with the kit's controls", () => {
  test("labels, group legend, required marker and control kinds", () => {
    const html = render(
      createElement(ManifestForm, { id: "account", detail, record: { Name: "Acme", Status: "On" } }),
    );
    assert.match(html, /<form[^>]*id="account"/);
    assert.match(html, /<legend class="kit-form__legend">Group_General<\/legend>/);
    assert.match(
      html,
      /<label id="account_Name-label" for="account_Name"[^>]*>Field_Name<span class="kit-field__required"/,
    );
    assert.match(html, /<input id="account_Name"[^>]*value="Acme"/);
    assert.match(html, /<input id="account_Email"[^>]*type="email"/);
    assert.match(html, /<input id="account_Password"[^>]*type="password"/);
    assert.match(html, /aria-pressed="false"[^>]*>Show password<\/button>/);
    assert.match(html, /<input id="account_Active"[^>]*type="checkbox"/);
    assert.match(html, /id="account_Status" role="combobox"[^>]*aria-expanded="false"/);
    assert.match(html, /<span class="kit-select__value">Status_On<\/span>/);
    assert.match(html, /<textarea id="account_Notes"/);
    assert.doesNotMatch(html, /type="submit"/, "the dialog footer submits, the form draws no button");
  });

  test("a select without a value or default shows its placeholder (no option is preselected)", () => {
    const html = render(createElement(ManifestForm, { id: "new", detail, mode: "create" }));
    assert.match(html, /id="new_Status"[^>]*>.*?<span class="kit-select__value kit-select__placeholder">/);
  });

  test("§6 read-only (no Write): every input is disabled", () => {
    const html = render(
      createElement(ManifestForm, { id: "ro", detail, readOnly: true, record: { Name: "Acme" } }),
    );
    for (const id of ["ro_Name", "ro_Email", "ro_Password", "ro_Active", "ro_Notes"]) {
      assert.match(html, new RegExp(`id="${id}"[^>]*disabled=""`), id);
    }
    assert.match(html, /id="ro_Status" role="combobox" tabindex="-1"[^>]*aria-disabled="true"/);
  });

  test("server errors are shown on their field", () => {
    const html = render(
      createElement(ManifestForm, {
        id: "e",
        detail,
        record: { Name: "Acme" },
        fieldErrors: { Name: "Name_Taken" },
      }),
    );
    assert.match(html, /<input id="e_Name"[^>]*aria-invalid="true"[^>]*aria-describedby="e_Name-error"/);
    assert.match(html, /<p id="e_Name-error" class="kit-field__error" aria-live="polite">Name_Taken<\/p>/);
  });
});

describe("every detail form of the default screens manifest renders", () => {
  const screens = JSON.parse(readFileSync(join(MANIFESTS_DIR, "screens.json"), "utf8")) as ScreensManifest;
  for (const screen of screens.screens.filter((s) => s.detail)) {
    test(screen.id, () => {
      const detail = screen.detail as ScreenDetail;
      for (const mode of ["create", "edit"] as const) {
        const out = render(createElement(ManifestForm, { id: "s", detail, mode, record: {} }));
        for (const field of detail.groups.flatMap((group) => group.fields)) {
          if (field.readOnly && mode === "create") {
            assert.doesNotMatch(
              out,
              new RegExp(`id="s_${field.name}"`),
              `${field.name} left out when creating`,
            );
          } else {
            assert.match(out, new RegExp(`id="s_${field.name}"`), `${mode} ${field.name} (${field.type})`);
          }
        }
      }
    });
  }
});
