/**
 * The rjsf ValidatorType of the runtime (DESIGN §6): validates the schemas screen-form.ts derives by
 * interpreting their constrained vocabulary (schema-interpreter.ts) instead of compiling them with ajv,
 * which needs eval and is refused by the strict CSP. Messages are the §5 texts in the UI language.
 */
import {
  createErrorHandler,
  type CustomValidator,
  type ErrorTransformer,
  getDefaultFormState,
  type RJSFSchema,
  type RJSFValidationError,
  toErrorSchema,
  type UiSchema,
  unwrapErrorHandler,
  type ValidationData,
  type ValidatorType,
  validationDataMerge,
} from "@rjsf/utils";
import {
  checkVocabulary,
  interpretSchema,
  type RawError,
  type SchemaNode,
  type Translate,
} from "./schema-interpreter.ts";

/** Converts interpreter errors to rjsf's shape: `.Field` property paths and a stack naming the field. */
export function toRjsfErrors(errors: readonly RawError[], schema: RJSFSchema): RJSFValidationError[] {
  return errors.map((error) => {
    const segments = error.instancePath.split("/").filter(Boolean);
    const property = segments.length > 0 ? `.${segments.join(".")}` : ".";
    const title = fieldTitle(schema, segments);
    return {
      name: error.keyword,
      property,
      message: error.message,
      params: error.params,
      schemaPath: error.schemaPath,
      stack: title ? `${title}: ${error.message}` : error.message,
      title: title ?? "",
    };
  });
}

/** The title of the property at `segments` (array indices skipped), if the schema names it. */
function fieldTitle(schema: RJSFSchema, segments: readonly string[]): string | undefined {
  let node: unknown = schema;
  let title: string | undefined;
  for (const segment of segments) {
    const current = node as { properties?: Record<string, unknown>; items?: unknown };
    if (/^\d+$/.test(segment) && current.items) node = current.items;
    else node = current.properties?.[segment];
    if (typeof node !== "object" || node === null) return title;
    const own = (node as { title?: unknown }).title;
    if (typeof own === "string") title = own;
  }
  return title;
}

/** Creates the validator; `t` gives the messages in the current UI language (recreate on a switch). */
export function createFormValidator<T = unknown>(t: Translate): ValidatorType<T, RJSFSchema> {
  const rawValidation = <Result = RJSFValidationError>(schema: RJSFSchema, formData?: T) => {
    try {
      checkVocabulary(schema as SchemaNode);
      return { errors: toRjsfErrors(interpretSchema(schema as SchemaNode, formData, t), schema) as Result[] };
    } catch (error) {
      // An unknown keyword fails loudly instead of passing unchecked.
      return { errors: [] as Result[], validationError: error as Error };
    }
  };

  const validator: ValidatorType<T, RJSFSchema> = {
    rawValidation,
    isValid(schema, formData) {
      try {
        checkVocabulary(schema as SchemaNode);
        return interpretSchema(schema as SchemaNode, formData, t).length === 0;
      } catch {
        return false;
      }
    },
    validateFormData(
      formData: T | undefined,
      schema: RJSFSchema,
      customValidate?: CustomValidator<T, RJSFSchema>,
      transformErrors?: ErrorTransformer<T, RJSFSchema>,
      uiSchema?: UiSchema<T, RJSFSchema>,
    ): ValidationData<T> {
      const raw = rawValidation<RJSFValidationError>(schema, formData);
      let errors = raw.errors ?? [];
      if (raw.validationError) errors = [...errors, { stack: raw.validationError.message }];
      if (typeof transformErrors === "function") errors = transformErrors(errors, uiSchema);
      let errorSchema = toErrorSchema<T>(errors);
      if (raw.validationError) {
        errorSchema = {
          ...errorSchema,
          $schema: { __errors: [raw.validationError.message] },
        } as typeof errorSchema;
      }
      if (typeof customValidate !== "function") return { errors, errorSchema };
      // Custom validation sees every field, undefined ones included (as with rjsf's ajv validator).
      const full = getDefaultFormState<T, RJSFSchema>(validator, schema, formData, schema, true) as T;
      const handler = customValidate(full, createErrorHandler<T>(full), uiSchema, errorSchema);
      return validationDataMerge<T>({ errors, errorSchema }, unwrapErrorHandler<T>(handler));
    },
  };
  return validator;
}
