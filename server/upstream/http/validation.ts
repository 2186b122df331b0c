/**
 * Request validation with ajv in strict mode. Bodies are validated exactly as sent (no type
 * coercion, unknown properties rejected rather than silently dropped); path, query and headers are
 * text on the wire, so their validator coerces "5" to 5 where the schema asks for a number.
 */
import Ajv, { type ErrorObject, type Options } from "ajv";
import addFormats from "ajv-formats";
import type { FastifyInstance } from "fastify";
import { textRuleMessage } from "../../../schemas/text-rules.ts";

const sharedOptions: Options = { strict: true, allErrors: false, useDefaults: true, removeAdditional: false };

function createAjv(coerceTypes: boolean): Ajv {
  const ajv = new Ajv({ ...sharedOptions, coerceTypes });
  addFormats(ajv);
  return ajv;
}

/** Installs the validator compiler on the root instance (before any route is added). */
export function installValidation(app: FastifyInstance): void {
  const bodyAjv = createAjv(false);
  const textAjv = createAjv(true);
  app.setValidatorCompiler(({ schema, httpPart }) =>
    (httpPart === "body" ? bodyAjv : textAjv).compile(schema as object),
  );
}

/**
 * A validation message naming the offending field, e.g. "body/Email must match format \"email\"". It
 * never repeats the value; a failed text rule (schemas/text-rules.ts) is said in words, not as its
 * pattern.
 */
export function formatValidationErrors(errors: ErrorObject[], dataVar: string): Error {
  const messages = errors.map((error) => {
    const extra = error.params as {
      additionalProperty?: string;
      allowedValues?: unknown[];
      pattern?: string;
    };
    const textRule = error.keyword === "pattern" ? textRuleMessage(extra.pattern ?? "") : undefined;
    if (textRule) return `${dataVar}${error.instancePath} ${textRule}`;
    const detail = extra.additionalProperty
      ? `: ${extra.additionalProperty}`
      : extra.allowedValues
        ? `: ${extra.allowedValues.join(", ")}`
        : "";
    return `${dataVar}${error.instancePath} ${error.message ?? "is not valid"}${detail}`;
  });
  return new Error(messages.join("; "));
}
