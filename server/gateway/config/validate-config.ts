/**
 * Validation of a configuration as it would be served (DESIGN.md §3 publishing): the merged result of
 * base, operator layer and each account layer, with the schema of every kind, every cross check of
 * `npm run check:manifests`, the texts' rules and the account layer's narrowing rule. A problem names
 * the kind, the account when it is in an account layer, a JSON pointer and the reason; a configuration
 * with any problem is never published nor served.
 */

import { jsonEqual } from "../../../core/json/json-merge.ts";
import { isJsonObject, type JsonObject } from "../../../core/json/prototype-pollution.ts";
import { validatorsById } from "../../../schemas/generated/validators-by-id.js";
import { checkReferences } from "../manifests/check-references.ts";
import { checkLinksAndTexts } from "../manifests/check-texts-and-links.ts";
import { crossCheckManifests } from "../manifests/cross-checks.ts";
import { pointerSegment, walkJson } from "../manifests/manifest-problem.ts";
import type { ManifestKind, ManifestSet } from "../manifests/manifest-set.ts";
import { problemMessage, schemaErrorMessage, schemaErrorReason } from "../manifests/problem-messages.ts";
import { checkTexts } from "./check-texts.ts";
import {
  applyLayerPatches,
  type BaseConfiguration,
  baseDocuments,
  type ConfigContent,
  type ConfigDocuments,
  type ConfigProblem,
  manifestSetOf,
  type Texts,
  textsOf,
} from "./config-content.ts";
import {
  ACCOUNT_LAYER_KINDS,
  ACCOUNT_SHELL_FIELDS,
  type ConfigKind,
  type Language,
  languageOf,
} from "./config-kinds.ts";

/** A configuration that passed validation, materialised for serving. */
export interface MaterialisedConfiguration {
  /** Base + operator layer: what every account without a layer gets. */
  documents: ConfigDocuments;
  set: ManifestSet;
  texts: Record<Language, Texts>;
  /** Base + operator + the account's layer, for each account that has one. */
  accounts: ReadonlyMap<number, ManifestSet>;
}

function schemaProblems(kind: ManifestKind, document: unknown, account?: number): ConfigProblem[] {
  const validate = validatorsById[kind];
  if (!validate) {
    return [
      { kind, pointer: "", reason: "no schema for this kind", message: problemMessage("NoSchema", { kind }) },
    ];
  }
  if (validate(document)) return [];
  return (validate.errors ?? []).map((error) => {
    const params = error.params as Record<string, unknown>;
    // An unknown property is pointed at itself, not at the object holding it.
    const pointer =
      error.keyword === "additionalProperties"
        ? `${error.instancePath}/${pointerSegment(String(params.additionalProperty))}`
        : error.instancePath;
    return {
      kind,
      ...(account === undefined ? {} : { account }),
      pointer,
      reason: schemaErrorReason(error),
      message: schemaErrorMessage(error),
    };
  });
}

/** `manifests/<kind>.json` (the cross checks' file names) → the kind. */
function kindOfFile(file: string): ConfigKind | "content" {
  const match = /^manifests\/([a-z]+)\.json$/.exec(file);
  return (match?.[1] as ConfigKind | undefined) ?? "content";
}

function crossProblems(set: ManifestSet, english: Texts, account?: number): ConfigProblem[] {
  const keys = { has: (key: string) => Object.hasOwn(english, key) };
  return crossCheckManifests(set, keys).map((problem) => ({
    kind: kindOfFile(problem.file),
    ...(account === undefined ? {} : { account }),
    pointer: problem.pointer,
    reason: problem.reason,
    message: problem.message,
  }));
}

/** The fields of a menu link that decide who sees it and where it goes (schemas/menus.ts). */
const LINK_ACCESS_FIELDS = ["link", "key", "feature", "adminOnly", "adminModule", "visibleWhen", "dialog"];

/** Every entry of every menu (items of `links` and `entries` arrays), with its menu and pointer. */
function menuLinks(menus: JsonObject): { pointer: string; link: JsonObject; menu: string }[] {
  const found: { pointer: string; link: JsonObject; menu: string }[] = [];
  for (const [menu, value] of Object.entries(menus)) {
    walkJson(value, (item, pointer, property) => {
      if (
        (property === "links" || property === "entries") &&
        isJsonObject(item) &&
        typeof item.id === "string"
      ) {
        found.push({ pointer: `/${pointerSegment(menu)}${pointer}`, link: item, menu });
      }
    });
  }
  return found;
}

/**
 * An account layer narrows, it never widens: only its own kinds and shell fields, and every menu link
 * it shows is one the operator's menus hold, with the same target and the same access rules.
 */
function accountNarrowingProblems(
  account: number,
  patches: ConfigContent["accounts"][string],
  operator: ConfigDocuments,
  merged: ConfigDocuments,
): ConfigProblem[] {
  const problems: ConfigProblem[] = [];
  for (const kind of Object.keys(patches)) {
    if (!(ACCOUNT_LAYER_KINDS as readonly string[]).includes(kind)) {
      problems.push({
        kind: kind as ConfigKind,
        account,
        pointer: "",
        reason: "an account layer may only hold shell and menus",
        message: problemMessage("AccountKinds"),
      });
    }
  }
  const shellPatch = patches.shell;
  if (isJsonObject(shellPatch)) {
    for (const field of Object.keys(shellPatch)) {
      if (!ACCOUNT_SHELL_FIELDS.includes(field)) {
        problems.push({
          kind: "shell",
          account,
          pointer: `/${field}`,
          reason: "an account layer may only change the branding",
          message: problemMessage("AccountShellBranding"),
        });
      }
    }
  }
  if (patches.menus !== undefined) {
    const known = new Map<string, JsonObject>();
    for (const { link, menu } of menuLinks(operator.menus)) known.set(`${menu}:${String(link.id)}`, link);
    for (const { link, pointer, menu } of menuLinks(merged.menus)) {
      const original = known.get(`${menu}:${String(link.id)}`);
      if (!original) {
        problems.push({
          kind: "menus",
          account,
          pointer,
          reason: "an account layer cannot add a menu entry",
          message: problemMessage("AccountAddsEntry"),
        });
        continue;
      }
      for (const field of LINK_ACCESS_FIELDS) {
        if (!jsonEqual(link[field], original[field])) {
          problems.push({
            kind: "menus",
            account,
            pointer: `${pointer}/${field}`,
            reason: "an account layer cannot change where an entry goes or who may see it",
            message: problemMessage("AccountChangesAccess"),
          });
        }
      }
    }
  }
  return problems;
}

/**
 * Schema problems of every manifest kind, then the texts' and the cross checks' problems. The texts
 * are checked only when the layer edits some: the base's were checked when it was loaded
 * (base-configuration.ts refuses to boot otherwise), and ~22,000 texts per change set were most of a
 * validation's time.
 */
function documentProblems(
  documents: ConfigDocuments,
  textsEdited: boolean,
): { schema: ConfigProblem[]; others: ConfigProblem[] } {
  const schema: ConfigProblem[] = [];
  for (const [kind, document] of Object.entries(documents)) {
    if (languageOf(kind as ConfigKind) !== null) continue;
    schema.push(...schemaProblems(kind as ManifestKind, document));
  }
  const texts = textsEdited ? checkTexts(textsOf(documents)) : [];
  // Cross checks read schema-valid documents only.
  if (schema.length > 0) return { schema, others: texts };
  return {
    schema,
    others: [...texts, ...crossProblems(manifestSetOf(documents), documents["texts.en"] as Texts)],
  };
}

/**
 * An account layer's own documents: the operator layer's are valid already, and an account may only
 * change its shell and menus (accountNarrowingProblems), so only those are validated again — their
 * schemas, their text keys and links, and the menus' references (entries, routes, duplicates). The
 * cross checks assume a valid operator layer (`crossChecks`), the schemas do not.
 */
function accountDocumentProblems(
  documents: ConfigDocuments,
  patches: ConfigContent["accounts"][string],
  account: number,
  crossChecks: boolean,
): ConfigProblem[] {
  const kinds = (Object.keys(patches) as ConfigKind[]).filter(
    (kind): kind is ManifestKind => languageOf(kind) === null && Object.hasOwn(documents, kind),
  );
  const schema = kinds.flatMap((kind) => schemaProblems(kind, documents[kind], account));
  if (schema.length > 0 || !crossChecks) return schema;
  const set = manifestSetOf(documents);
  const english = documents["texts.en"] as Texts;
  const keys = { has: (key: string) => Object.hasOwn(english, key) };
  const found = [
    ...checkLinksAndTexts(set, keys, kinds),
    ...(kinds.includes("menus") ? checkReferences(set) : []),
  ];
  return found.map((problem) => ({
    kind: kindOfFile(problem.file),
    account,
    pointer: problem.pointer,
    reason: problem.reason,
    message: problem.message,
  }));
}

/** Materialises and validates `content` over `base`: the configuration, or every problem found. */
export function materialise(
  base: BaseConfiguration,
  content: ConfigContent,
):
  | { configuration: MaterialisedConfiguration; problems: [] }
  | { configuration: null; problems: ConfigProblem[] } {
  const operator = applyLayerPatches(baseDocuments(base), content.operator);
  const problems = [...operator.problems];
  let operatorValid = problems.length === 0;
  if (operatorValid) {
    const textsEdited = Object.keys(content.operator).some((kind) => languageOf(kind as ConfigKind) !== null);
    const found = documentProblems(operator.documents, textsEdited);
    problems.push(...found.schema, ...found.others);
    // An account layer's cross checks read schema-valid operator documents.
    operatorValid = found.schema.length === 0;
  }
  const accounts = new Map<number, ManifestSet>();
  for (const [key, patches] of Object.entries(content.accounts)) {
    const account = Number(key);
    const layered = applyLayerPatches(operator.documents, patches, account);
    problems.push(...layered.problems);
    if (layered.problems.length > 0) continue;
    const own = [
      ...accountNarrowingProblems(account, patches, operator.documents, layered.documents),
      ...accountDocumentProblems(layered.documents, patches, account, operatorValid),
    ];
    problems.push(...own);
    if (own.length === 0) accounts.set(account, manifestSetOf(layered.documents));
  }
  if (problems.length > 0) return { configuration: null, problems };
  return {
    configuration: {
      documents: operator.documents,
      set: manifestSetOf(operator.documents),
      texts: textsOf(operator.documents),
      accounts,
    },
    problems: [],
  };
}
