import assert from "node:assert/strict";
import { describe, test } from "node:test";
import type { RJSFSchema } from "@rjsf/utils";
import { createFormValidator } from "../../../runtime/forms/form-validator.ts";
import {
  checkVocabulary,
  interpretSchema,
  UnsupportedSchemaError,
} from "../../../runtime/forms/schema-interpreter.ts";

/** Messages as key(params) so the tests see which message and which parameters. */
const t = (key: string, params?: Record<string, unknown>) =>
  params && Object.keys(params).length > 0 ? `${key}(${JSON.stringify(params)})` : key;

const schema: RJSFSchema = {
  type: "object",
  required: ["Name", "Email", "Tags", "Active", "Count"],
  properties: {
    Name: { type: "string", title: "Name", maxLength: 5, pattern: "^[a-z]+$" },
    Email: { type: "string", title: "E-mail", format: "email" },
    Count: { type: "integer", title: "Count", minimum: 1, maximum: 10 },
    Ratio: { type: "number", minimum: 0, maximum: 1 },
    Active: { type: "boolean" },
    Status: {
      type: "string",
      oneOf: [
        { const: "On", title: "On" },
        { const: "Off", title: "Off" },
      ],
    },
    Tags: {
      type: "array",
      uniqueItems: true,
      items: { type: "string", oneOf: [{ const: "a" }, { const: "b" }] },
    },
    Day: { type: "string", format: "date" },
    At: { type: "string", format: "date-time" },
    Config: { type: "string", contentMediaType: "application/json" },
    Domain: { type: "string", readOnly: true, pattern: "^x$" },
    Owner: { type: ["string", "number"] },
  },
};
const valid = { Name: "abc", Email: "a@b.co", Count: 3, Active: false, Tags: ["a"] };
const errorsOf = (data: unknown) =>
  interpretSchema(schema as never, data, t).map((e) => `${e.instancePath} ${e.keyword} ${e.message}`);

describe("the interpreter applies the constrained vocabulary", () => {
  test("valid data passes", () => assert.deepEqual(errorsOf(valid), []));
  const cases: Array<[string, Record<string, unknown>, string[]]> = [
    [
      "§5 required: blank string, empty array, missing",
      { ...valid, Name: "  ", Tags: [], Email: undefined },
      [
        "/Name required ValidationErrorMessage_Required",
        "/Email required ValidationErrorMessage_Required",
        "/Tags required ValidationErrorMessage_Required",
        "/Name pattern Validation_Pattern",
      ],
    ],
    [
      "§5 required: false and 0 count as filled",
      { ...valid, Active: false, Count: 0 },
      ['/Count minimum Validation_Minimum({"limit":1})'],
    ],
    [
      "maxLength counts characters",
      { ...valid, Name: "abcdef" },
      ['/Name maxLength Validation_MaxLength({"limit":5})'],
    ],
    ["pattern", { ...valid, Name: "ABC" }, ["/Name pattern Validation_Pattern"]],
    ["§5 e-mail", { ...valid, Email: "nope" }, ["/Email format ValidationErrorMessage_InvalidEmail"]],
    ["integer type", { ...valid, Count: 2.5 }, ['/Count type Validation_Integer({"type":"integer"})']],
    ["number type", { ...valid, Ratio: "x" }, ['/Ratio type Validation_Number({"type":"number"})']],
    ["maximum", { ...valid, Count: 11 }, ['/Count maximum Validation_Maximum({"limit":10})']],
    ["option", { ...valid, Status: "Maybe" }, ["/Status oneOf Validation_Option"]],
    [
      "multiselect options and uniqueness",
      { ...valid, Tags: ["a", "a", "c"] },
      ["/Tags uniqueItems Validation_UniqueItems", "/Tags/2 oneOf Validation_Option"],
    ],
    ["date", { ...valid, Day: "2024-02-30" }, ["/Day format Validation_Date"]],
    ["date-time needs a time zone", { ...valid, At: "2024-02-03T10:00" }, ["/At format Validation_DateTime"]],
    ["json must parse", { ...valid, Config: "{oops" }, ["/Config contentMediaType Validation_Json"]],
    ["a read-only field is not validated (§5 disabled)", { ...valid, Domain: "nope" }, []],
    ["an optional empty text skips pattern and format", { ...valid, Day: "", Config: "" }, []],
    ["a type list accepts any of them", { ...valid, Owner: 42 }, []],
  ];
  for (const [name, data, expected] of cases) {
    test(name, () => assert.deepEqual(errorsOf(data).sort(), expected.sort()));
  }
  test("valid dates and date-times", () => {
    assert.deepEqual(errorsOf({ ...valid, Day: "2024-02-29", At: "2024-02-29T23:59:59.123+02:00" }), []);
  });
  test("a keyword outside the vocabulary fails loudly", () => {
    assert.throws(() => interpretSchema({ type: "string", $ref: "#/x" }, "a", t), UnsupportedSchemaError);
    assert.throws(() => interpretSchema({ type: "string", format: "uri" }, "a", t), UnsupportedSchemaError);
    assert.throws(() => interpretSchema({ if: {} }, "a", t), UnsupportedSchemaError);
  });
  test("the whole schema is checked before any data, nested keywords included", () => {
    assert.doesNotThrow(() => checkVocabulary(schema as never));
    const nested = { type: "object", properties: { A: { type: "string", contentMediaType: "text/html" } } };
    assert.throws(() => checkVocabulary(nested), UnsupportedSchemaError);
    assert.deepEqual(interpretSchema(nested, {}, t), [], "data alone would never reach the rule");
    assert.throws(
      () => checkVocabulary({ properties: { A: { items: { dependentRequired: {} } } } }),
      UnsupportedSchemaError,
    );
    assert.throws(() => checkVocabulary({ type: "string", pattern: "(" }), SyntaxError);
    assert.throws(() => checkVocabulary({ type: "date" }), UnsupportedSchemaError);
  });
});

describe("the rjsf validator", () => {
  const validator = createFormValidator<Record<string, unknown>>(t);
  test("validateFormData: rjsf errors with property paths, field titles and an error schema", () => {
    const result = validator.validateFormData({ ...valid, Name: "" }, schema);
    assert.deepEqual(
      result.errors.map((e) => [e.property, e.name, e.stack]),
      [[".Name", "required", "Name: ValidationErrorMessage_Required"]],
    );
    assert.deepEqual(result.errorSchema, { Name: { __errors: ["ValidationErrorMessage_Required"] } });
  });
  test("valid data has no errors", () => {
    assert.deepEqual(validator.validateFormData(valid, schema), { errors: [], errorSchema: {} });
  });
  test("custom validation and transformErrors are applied like rjsf's ajv validator", () => {
    const result = validator.validateFormData(
      valid,
      schema,
      (data, errors) => {
        if (data?.Name === "abc") errors.Name?.addError("Taken");
        return errors;
      },
      (errors) => errors,
    );
    assert.deepEqual(result.errorSchema.Name?.__errors, ["Taken"]);
    assert.deepEqual(
      result.errors.map((e) => [e.property, e.message]),
      [[".Name", "Taken"]],
    );
  });
  test("isValid (used by rjsf to match options) and an unsupported schema", () => {
    const validator = createFormValidator<unknown>(t);
    assert.equal(validator.isValid({ const: "On" }, "On", schema), true);
    assert.equal(validator.isValid({ const: "On" }, "Off", schema), false);
    assert.equal(validator.isValid({ not: {} } as RJSFSchema, "x", schema), false);
    const raw = validator.rawValidation({ not: {} } as RJSFSchema, "x");
    assert.ok(raw.validationError instanceof UnsupportedSchemaError);
    const data = validator.validateFormData("x", { not: {} } as RJSFSchema);
    assert.equal(data.errors.length, 1, "reported as an error, never passed silently");
  });
});
