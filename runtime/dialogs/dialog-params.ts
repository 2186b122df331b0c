/**
 * Dialog parameters (§2.5): the values a dialog is opened with, checked against
 * the registry entry's declared parameters. Values may come from code (numbers,
 * booleans) or from a legacy path's query (strings), so strings are accepted
 * when they spell the declared type exactly; nothing is guessed.
 */
import type { DialogParam } from "../../schemas/dialogs.ts";

/** A checked parameter value. */
export type DialogParamValue = string | number | boolean;

/** The checked parameters of one dialog, by name. */
export type DialogParams = Readonly<Record<string, DialogParamValue>>;

/** Why one parameter was refused. */
export interface DialogParamProblem {
  name: string;
  reason: "unknown" | "missing" | "type";
}

/** The outcome of checking the parameters of one opening. */
export type DialogParamsResult =
  | { ok: true; values: DialogParams }
  | { ok: false; problems: DialogParamProblem[] };

const INTEGER = /^-?[0-9]+$/;
const NUMBER = /^-?(?:[0-9]+\.?[0-9]*|\.[0-9]+)(?:[eE][-+]?[0-9]+)?$/;

/** The value as the declared type, or undefined when it is not one. */
export function coerceParam(type: DialogParam["type"], value: unknown): DialogParamValue | undefined {
  switch (type) {
    case "string":
      return typeof value === "string" ? value : undefined;
    case "integer": {
      // Numeric recIds are whole numbers: 12.5, "12abc" or 1e21 are refused.
      const n = typeof value === "string" && INTEGER.test(value.trim()) ? Number(value.trim()) : value;
      return typeof n === "number" && Number.isSafeInteger(n) ? n : undefined;
    }
    case "number": {
      const n = typeof value === "string" && NUMBER.test(value.trim()) ? Number(value.trim()) : value;
      return typeof n === "number" && Number.isFinite(n) ? n : undefined;
    }
    case "boolean":
      if (typeof value === "boolean") return value;
      if (value === "true") return true;
      if (value === "false") return false;
      return undefined;
  }
}

/**
 * Checks `input` against `declared`: names the entry does not declare are
 * refused (schemas/dialogs.ts), required ones must be present, and every
 * value must have its declared type. Absent (undefined or null) optional
 * parameters are left out.
 */
export function validateDialogParams(
  declared: readonly DialogParam[],
  input: Readonly<Record<string, unknown>>,
): DialogParamsResult {
  const problems: DialogParamProblem[] = [];
  const values: Record<string, DialogParamValue> = {};
  const known = new Set(declared.map((p) => p.name));
  for (const name of Object.keys(input)) {
    if (!known.has(name)) problems.push({ name, reason: "unknown" });
  }
  for (const param of declared) {
    const raw = Object.hasOwn(input, param.name) ? input[param.name] : undefined;
    if (raw === undefined || raw === null || raw === "") {
      if (param.required) problems.push({ name: param.name, reason: "missing" });
      continue;
    }
    const value = coerceParam(param.type, raw);
    if (value === undefined) problems.push({ name: param.name, reason: "type" });
    else values[param.name] = value;
  }
  return problems.length > 0 ? { ok: false, problems } : { ok: true, values };
}

/** The parameters of a legacy dialog path's query string (`dialogs/x/y?recId=4`). */
export function splitDialogPath(path: string): { path: string; params: Record<string, string> } {
  const cut = path.indexOf("?");
  if (cut < 0) return { path, params: {} };
  const params: Record<string, string> = {};
  for (const [name, value] of new URLSearchParams(path.slice(cut + 1))) params[name] = value;
  return { path: path.slice(0, cut), params };
}
