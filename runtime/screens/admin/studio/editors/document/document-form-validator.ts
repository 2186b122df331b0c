/**
 * The rjsf ValidatorType of the document forms, on the interpreting validator of schema-validation.ts
 * (no eval under the CSP). rjsf asks it which oneOf/anyOf alternative the data matches and, if ever
 * asked, validates; the errors the form shows come from the full item schema (problemsErrorSchema),
 * since the rendered schema leaves the constraint-only parts out (document-form-model.ts formSchema).
 */
import {
  type CustomValidator,
  createErrorHandler,
  type ErrorSchema,
  ErrorSchemaBuilder,
  type ErrorTransformer,
  type RJSFSchema,
  type RJSFValidationError,
  type UiSchema,
  unwrapErrorHandler,
  type ValidationData,
  type ValidatorType,
  validationDataMerge,
} from "@rjsf/utils";
import { pointerTokens } from "./json-source-map.ts";
import {
  type JsonSchemaObject,
  problemMessage,
  type SchemaProblem,
  satisfiesSchema,
  schemaProblems,
  type Translate,
} from "./schema-validation.ts";

/** `schema` with the root's definitions, which the $refs of an rjsf subschema name. */
function withDefinitions(schema: RJSFSchema, rootSchema: RJSFSchema | undefined): JsonSchemaObject {
  if (!rootSchema || schema === rootSchema || schema.definitions || !rootSchema.definitions) {
    return schema as JsonSchemaObject;
  }
  return { ...schema, definitions: rootSchema.definitions } as JsonSchemaObject;
}

/** rjsf's dotted property path of a pointer (as its error list shows it). */
function propertyPath(pointer: string): string {
  const tokens = pointerTokens(pointer);
  return tokens.length === 0 ? "." : tokens.map((token) => `[${JSON.stringify(token)}]`).join("");
}

/** The problems as rjsf validation errors, messages in the UI language. */
export function toRjsfErrors(problems: readonly SchemaProblem[], t: Translate): RJSFValidationError[] {
  return problems.map((problem) => {
    const message = problemMessage(problem, t);
    return {
      name: problem.keyword,
      property: propertyPath(problem.pointer),
      message,
      params: problem.params,
      stack: message,
    };
  });
}

/** The problems as the error tree rjsf shows beside each field (`extraErrors`). */
export function problemsErrorSchema(problems: readonly SchemaProblem[], t: Translate): ErrorSchema {
  const builder = new ErrorSchemaBuilder();
  for (const problem of problems)
    builder.addErrors(problemMessage(problem, t), pointerTokens(problem.pointer));
  return builder.ErrorSchema;
}

/** The validator of the document forms; `t` gives its messages (recreate it when the language changes). */
export function createDocumentFormValidator(t: Translate): ValidatorType<unknown, RJSFSchema> {
  const validator: ValidatorType<unknown, RJSFSchema> = {
    isValid(schema, formData, rootSchema) {
      return satisfiesSchema(withDefinitions(schema, rootSchema), formData);
    },
    rawValidation<Result = RJSFValidationError>(schema: RJSFSchema, formData?: unknown) {
      return { errors: toRjsfErrors(schemaProblems(schema as JsonSchemaObject, formData), t) as Result[] };
    },
    validateFormData(
      formData: unknown,
      schema: RJSFSchema,
      customValidate?: CustomValidator<unknown, RJSFSchema>,
      transformErrors?: ErrorTransformer<unknown, RJSFSchema>,
      uiSchema?: UiSchema<unknown, RJSFSchema>,
    ): ValidationData<unknown> {
      const problems = schemaProblems(schema as JsonSchemaObject, formData);
      let errors = toRjsfErrors(problems, t);
      if (typeof transformErrors === "function") errors = transformErrors(errors, uiSchema);
      const errorSchema = problemsErrorSchema(problems, t);
      if (typeof customValidate !== "function") return { errors, errorSchema };
      const handler = customValidate(formData, createErrorHandler(formData), uiSchema, errorSchema);
      return validationDataMerge({ errors, errorSchema }, unwrapErrorHandler(handler));
    },
  };
  return validator;
}
