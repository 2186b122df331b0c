import { readFile } from "node:fs/promises";
import { join } from "node:path";
import type { ErrorObject } from "ajv";
import { validatorsById } from "../../../schemas/generated/validators-by-id.js";
import { crossCheckManifests } from "./cross-checks.ts";
import { ManifestError, type ManifestProblem } from "./manifest-problem.ts";
import { MANIFEST_KINDS, type ManifestKind, type ManifestSet } from "./manifest-set.ts";
import { problemMessage, schemaErrorMessage, schemaErrorReason } from "./problem-messages.ts";

/** Turns one ajv error into a problem naming the JSON pointer and the reason. */
function schemaProblem(file: string, error: ErrorObject): ManifestProblem {
  return {
    file,
    pointer: error.instancePath || "/",
    reason: schemaErrorReason(error),
    message: schemaErrorMessage(error),
  };
}

/** Parses and schema-validates one manifest document. */
export function validateManifestDocument(
  kind: ManifestKind,
  file: string,
  text: string,
): { document: Record<string, unknown> | null; problems: ManifestProblem[] } {
  let document: unknown;
  try {
    document = JSON.parse(text);
  } catch (error) {
    return {
      document: null,
      problems: [
        {
          file,
          pointer: "",
          reason: `not JSON: ${(error as Error).message}`,
          message: problemMessage("NotJson", { detail: (error as Error).message }),
        },
      ],
    };
  }
  const validate = validatorsById[kind];
  if (!validate)
    return {
      document: null,
      problems: [
        {
          file,
          pointer: "",
          reason: `no schema for kind ${kind}`,
          message: problemMessage("NoSchema", { kind }),
        },
      ],
    };
  if (!validate(document)) {
    return { document: null, problems: (validate.errors ?? []).map((e) => schemaProblem(file, e)) };
  }
  return { document: document as Record<string, unknown>, problems: [] };
}

/** The texts the manifests may reference: the keys of locales/en.json. */
export interface LocaleKeys {
  has(key: string): boolean;
}

/**
 * Reads manifests/<kind>.json for every kind, validates each against its
 * schema, then runs the cross checks. Throws a ManifestError listing every
 * problem (file, JSON pointer, reason) — an invalid set is never returned.
 */
export async function loadManifestSet(manifestsDir: string, localeKeys: LocaleKeys): Promise<ManifestSet> {
  const problems: ManifestProblem[] = [];
  const documents: Partial<Record<ManifestKind, Record<string, unknown>>> = {};
  for (const kind of MANIFEST_KINDS) {
    const file = `manifests/${kind}.json`;
    const text = await readFile(join(manifestsDir, `${kind}.json`), "utf8").catch(() => null);
    if (text === null) {
      problems.push({ file, pointer: "", reason: "missing file", message: problemMessage("MissingFile") });
      continue;
    }
    const result = validateManifestDocument(kind, file, text);
    problems.push(...result.problems);
    if (result.document) documents[kind] = result.document;
  }
  if (problems.length) throw new ManifestError(problems);
  const set = documents as unknown as ManifestSet;
  const crossProblems = crossCheckManifests(set, localeKeys);
  if (crossProblems.length) throw new ManifestError(crossProblems);
  return set;
}

/** Loads locales/en.json's keys (the source of truth for text keys). */
export async function loadLocaleKeys(localesDir: string): Promise<Set<string>> {
  const text = await readFile(join(localesDir, "en.json"), "utf8");
  return new Set(Object.keys(JSON.parse(text) as Record<string, unknown>));
}
