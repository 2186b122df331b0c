import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, test } from "node:test";
import type { RJSFSchema } from "@rjsf/utils";
import { createFormValidator } from "../../../runtime/forms/form-validator.ts";
import { formInitialValues, formValuesToSend } from "../../../runtime/forms/form-values.ts";
import { checkVocabulary } from "../../../runtime/forms/schema-interpreter.ts";
import {
  deriveScreenForm,
  type FormGroupLayout,
  JSON_WIDGET,
  REMOTE_SELECT_FIELD,
} from "../../../runtime/forms/screen-form.ts";
import type { ScreenDetail, ScreensManifest } from "../../../schemas/screens.ts";
import { MANIFESTS_DIR } from "../../helpers/manifest-fixtures.ts";

const t = (key: string) => `«${key}»`;
const screens = JSON.parse(readFileSync(join(MANIFESTS_DIR, "screens.json"), "utf8")) as ScreensManifest;

/** One field of every type and flag of the vocabulary. */
const detail: ScreenDetail = {
  groups: [
    {
      id: "Main",
      titleKey: "Group_General",
      columns: 2,
      fields: [
        {
          name: "Name",
          labelKey: "Field_Name",
          type: "string",
          required: true,
          maxLength: 20,
          pattern: "^[a-z]+$",
        },
        { name: "Notes", labelKey: "Field_Notes", type: "text", helpKey: "Help_Notes" },
        { name: "Count", labelKey: "Field_Count", type: "integer", minimum: 0, maximum: 9, default: 1 },
        { name: "Ratio", labelKey: "Field_Ratio", type: "number" },
        { name: "Active", labelKey: "Field_Active", type: "boolean", default: true },
        { name: "Day", labelKey: "Field_Day", type: "date" },
        { name: "At", labelKey: "Field_At", type: "datetime", readOnly: true },
        { name: "Email", labelKey: "Field_Email", type: "email", required: true },
        { name: "Secret", labelKey: "Field_Secret", type: "password", writeOnly: true, required: true },
        { name: "Domain", labelKey: "Field_Domain", type: "string", createOnly: true, required: true },
      ],
    },
    {
      id: "More",
      fields: [
        {
          name: "Status",
          labelKey: "Field_Status",
          type: "select",
          options: [
            { value: "On", labelKey: "Status_On" },
            { value: "Off", labelKey: "Status_Off" },
          ],
        },
        {
          name: "Level",
          labelKey: "Field_Level",
          type: "multiselect",
          options: [
            { value: 1, labelKey: "Level_1" },
            { value: 2, labelKey: "Level_2" },
          ],
        },
        {
          name: "AccountRecId",
          labelKey: "Field_Account",
          type: "select",
          optionsSource: { endpoint: "Admin/Accounts", valueField: "RecId", labelField: "Name" },
        },
        { name: "Config", labelKey: "Field_Config", type: "json" },
      ],
    },
  ],
};

describe("derivation per type (schemas/screens.ts)", () => {
  const { schema, uiSchema } = deriveScreenForm(detail, "create", t);
  const property = (name: string) => (schema.properties as Record<string, RJSFSchema>)[name];
  const cases: Array<[string, RJSFSchema]> = [
    ["Name", { type: "string", title: "«Field_Name»", maxLength: 20, pattern: "^[a-z]+$" }],
    ["Notes", { type: "string", title: "«Field_Notes»" }],
    ["Count", { type: "integer", title: "«Field_Count»", minimum: 0, maximum: 9, default: 1 }],
    ["Ratio", { type: "number", title: "«Field_Ratio»" }],
    ["Active", { type: "boolean", title: "«Field_Active»", default: true }],
    ["Day", { type: "string", format: "date", title: "«Field_Day»" }],
    ["Email", { type: "string", format: "email", title: "«Field_Email»" }],
    ["Secret", { type: "string", title: "«Field_Secret»", writeOnly: true }],
    ["Domain", { type: "string", title: "«Field_Domain»" }],
    [
      "Status",
      {
        type: "string",
        title: "«Field_Status»",
        oneOf: [
          { const: "On", title: "«Status_On»" },
          { const: "Off", title: "«Status_Off»" },
        ],
      },
    ],
    [
      "Level",
      {
        type: "array",
        title: "«Field_Level»",
        uniqueItems: true,
        items: {
          type: "integer",
          oneOf: [
            { const: 1, title: "«Level_1»" },
            { const: 2, title: "«Level_2»" },
          ],
        },
      },
    ],
    ["AccountRecId", { type: ["string", "number"], title: "«Field_Account»" }],
    ["Config", { type: "string", contentMediaType: "application/json", title: "«Field_Config»" }],
  ];
  for (const [name, expected] of cases) test(name, () => assert.deepEqual(property(name), expected));

  test("read-only fields are left out of the create form", () => assert.equal(property("At"), undefined));
  test("required lists the required fields", () => {
    assert.deepEqual(schema.required, ["Name", "Email", "Secret", "Domain"]);
  });
  test("uiSchema: widgets, help, remote options, order and groups", () => {
    assert.equal(uiSchema.Notes["ui:widget"], "textarea");
    assert.equal(uiSchema.Notes["ui:help"], "«Help_Notes»");
    assert.equal(uiSchema.Secret["ui:widget"], "password");
    assert.equal(uiSchema.Active["ui:widget"], "checkbox");
    assert.equal(uiSchema.Config["ui:widget"], JSON_WIDGET);
    assert.equal(uiSchema.AccountRecId["ui:field"], REMOTE_SELECT_FIELD);
    assert.deepEqual(uiSchema.AccountRecId["ui:options"], {
      optionsSource: { endpoint: "Admin/Accounts", valueField: "RecId", labelField: "Name" },
      multiple: false,
    });
    assert.deepEqual(uiSchema["ui:order"], [
      "Name",
      "Notes",
      "Count",
      "Ratio",
      "Active",
      "Day",
      "Email",
      "Secret",
      "Domain",
      "Status",
      "Level",
      "AccountRecId",
      "Config",
    ]);
    const groups = uiSchema["ui:options"]?.groups as FormGroupLayout[];
    assert.deepEqual(groups[0]?.title, "«Group_General»");
    assert.equal(groups[0]?.columns, 2);
    assert.equal(groups[1]?.title, undefined);
    assert.equal(groups[1]?.columns, 1);
    assert.deepEqual(
      groups[1]?.fields.filter((f) => f.wide).map((f) => f.name),
      ["Level", "Config"],
      "text, json and multiselect span the row",
    );
  });
});

describe("edit mode", () => {
  const { schema, uiSchema } = deriveScreenForm(detail, "edit", t);
  const properties = schema.properties as Record<string, RJSFSchema>;
  test("read-only and create-only fields are shown read-only and not required", () => {
    assert.equal(properties.At?.readOnly, true);
    assert.equal(uiSchema.At["ui:readonly"], true);
    assert.equal(properties.Domain?.readOnly, true);
    assert.equal(uiSchema.Domain["ui:readonly"], true);
  });
  test("a required secret is not demanded when editing (empty keeps the stored one)", () => {
    assert.deepEqual(schema.required, ["Name", "Email"]);
  });
  test("defaults apply to the create form only", () => assert.equal(properties.Count?.default, undefined));
});

describe("initial values and the body sent", () => {
  const record = {
    Name: "abc",
    Secret: "*****",
    Domain: "acme",
    At: "2024-01-01T00:00:00Z",
    Extra: 1,
    Day: null,
  };
  test("a record opens with its shown fields, secrets empty", () => {
    assert.deepEqual(formInitialValues(detail, "edit", record), {
      Name: "abc",
      Domain: "acme",
      At: "2024-01-01T00:00:00Z",
    });
    assert.deepEqual(formInitialValues(detail, "create", null), {});
  });
  test("edit: read-only and create-only never sent, an empty secret kept, emptied fields cleared", () => {
    const body = formValuesToSend(detail, "edit", {
      Name: "abc",
      Domain: "other",
      At: "x",
      Secret: "",
      Notes: "",
    });
    assert.equal("Domain" in body || "At" in body || "Secret" in body, false);
    assert.equal(body.Name, "abc");
    assert.equal(body.Notes, null);
    assert.deepEqual(body.Level, []);
  });
  test("edit: a typed secret is sent", () => {
    assert.equal(formValuesToSend(detail, "edit", { Secret: "new-one" }).Secret, "new-one");
  });
  test("create: create-only fields are sent, empty ones left out", () => {
    assert.deepEqual(formValuesToSend(detail, "create", { Name: "abc", Domain: "acme", Notes: "" }), {
      Name: "abc",
      Domain: "acme",
    });
  });
});

describe("every detail form of the default screens manifest", () => {
  const validator = createFormValidator(t);
  const withDetail = screens.screens.filter((screen) => screen.detail);
  test("there are forms to check", () => assert.ok(withDetail.length > 10));
  for (const screen of withDetail) {
    test(`${screen.id}: derives in both modes, inside the interpreted vocabulary`, () => {
      for (const mode of ["create", "edit"] as const) {
        const { schema } = deriveScreenForm(screen.detail as ScreenDetail, mode, t);
        // Throws on any keyword, type, format or pattern the validator would not understand.
        checkVocabulary(schema as never);
        const raw = validator.rawValidation(schema, {});
        assert.equal(raw.validationError, undefined, `${screen.id} ${mode}`);
      }
    });
  }
});
