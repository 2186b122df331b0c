/**
 * The generators and checks of the configuration plane's property suites
 * (config-change-set-properties.test.ts, config-publication-properties.test.ts): change sets as they
 * arrive on the wire, what each edit must come to, and the prototype and base snapshots the
 * properties compare against. Two files, so that each property has a test file's time budget.
 */
import assert from "node:assert/strict";
import fc from "fast-check";
import Fastify from "fastify";
import type {
  BaseConfiguration,
  ConfigContent,
  ConfigDocuments,
  ConfigProblem,
} from "../../../../server/gateway/config/config-content.ts";
import {
  CONFIG_KINDS,
  type ConfigKind,
  LANGUAGES,
  type Language,
} from "../../../../server/gateway/config/config-kinds.ts";
import type { Actor } from "../../../../server/gateway/config/config-plane.ts";
import { englishText } from "../../../../server/gateway/config/english-text.ts";
import { materialise } from "../../../../server/gateway/config/validate-config.ts";
import type { ManifestSet } from "../../../../server/gateway/manifests/manifest-set.ts";
import { PROBLEM_TEXT_KEYS } from "../../../../server/gateway/manifests/problem-messages.ts";
import { defaultBase } from "../session/gateway-fixture.ts";

export const log = Fastify({ logger: false }).log;
export const AUTHOR: Actor = { name: "tessera/admin@tessera.example", address: "10.0.0.1" };

/**
 * Change sets of the first property. applyEdits refuses most of them at once; one in twelve reaches
 * materialise, which validates every kind for the operator and for each account layer.
 */
export const CHANGE_SET_RUNS = 10_000;
/**
 * Change sets of the second property, each of EDITS_PER_PUBLICATION valid edits: 1,000 edits. Every
 * publication and rollback validates the whole configuration, so edits are published ten at a time.
 */
export const PUBLICATION_RUNS = 100;
export const EDITS_PER_PUBLICATION = 10;
/** The accounts whose layers the edits touch. */
export const ACCOUNTS = [7, 42] as const;

export type Json = unknown;
export type Path = readonly (string | number)[];
export type Obj = Record<string, unknown>;

export const isObject = (value: unknown): value is Obj =>
  typeof value === "object" && value !== null && !Array.isArray(value);

export const segment = (part: string | number) => String(part).replaceAll("~", "~0").replaceAll("/", "~1");
export const pointerOf = (path: Path) => path.map((part) => `/${segment(part)}`).join("");

export function get(value: Json, path: Path): Json {
  let node = value;
  for (const part of path) node = (node as Record<string | number, unknown>)[part];
  return node;
}

/** A copy of `value` with `replacement` at `path` (undefined: removed). */
export function setIn(value: Json, path: Path, replacement: Json): Json {
  const [head, ...rest] = path;
  if (head === undefined) return replacement;
  if (Array.isArray(value)) {
    const copy = [...value];
    copy[head as number] = setIn(copy[head as number], rest, replacement);
    return copy;
  }
  const copy: Obj = { ...(value as Obj) };
  const child = setIn(copy[head], rest, replacement);
  if (child === undefined) delete copy[head];
  else copy[head] = child;
  return copy;
}

/** The merge patch that puts `replacement` at `path` (null removes it); an array on the way is replaced whole. */
export function patchAt(value: Json, path: Path, replacement: Json): Json {
  const [head, ...rest] = path;
  if (head === undefined) return replacement;
  if (Array.isArray(value)) return setIn(value, path, replacement === null ? undefined : replacement);
  return { [head]: patchAt((value as Obj)[head], rest, replacement) };
}

/** What a merge edit at `path` changes: the keys down to the first array, which a merge replaces whole. */
export function regionOf(layer: string, kind: string, path: Path, document: Json): string[] {
  const region = [layer, kind];
  let node = document;
  for (const part of path) {
    region.push(String(part));
    if (Array.isArray(node)) break;
    node = (node as Obj | undefined)?.[part];
    if (Array.isArray(node)) break;
  }
  return region;
}

// ——— what the edits are generated against ———

/** The documents an operator and each account see: edits are generated to change them. */
export interface Reference {
  documents: ConfigDocuments;
  accounts: ReadonlyMap<number, ManifestSet>;
}

/** What a configuration serves, for checking that an edit shows. */
export interface View {
  set(account: number | null): ManifestSet;
  text(language: Language, key: string): unknown;
}

/** The expected answer for one edit. */
export type Expect =
  /** Refused by applyEdits with a problem at one of these pointers (the edit's index given). */
  | { at: "edit"; kind: string; pointers: (index: number) => string[] }
  /**
   * Refused by materialise with these problems: the schema, the texts' rules and an account layer's
   * narrowing are always checked; the cross checks only when every document passed its schema.
   */
  | { at: "schema" | "texts" | "narrowing" | "cross"; problems: ExpectedProblem[] }
  /** A wrong type or an unusual key somewhere: refused or not, and it may keep the cross checks from running. */
  | { at: "maybe" }
  | { at: "valid"; observe: (view: View) => void };

export interface ExpectedProblem {
  kind: string;
  pointer: string;
  account?: number;
}

/** One generated edit: its JSON text as sent, what it changes and what must come of it. */
export interface Generated {
  wire: string;
  /** What a counterexample prints: the wire text of a whole document would bury it. */
  label: string;
  /**
   * The parts of the documents it changes (layer, kind, path); the edits of one change set never
   * overlap (one a prefix of another), so a later edit never undoes an earlier one. Null for an edit
   * applyEdits refuses: it changes nothing.
   */
  regions: string[][] | null;
  expect: Expect;
  /** The kind, when it is one: after a run that reached materialise, its base document is compared. */
  kind: ConfigKind | null;
}

/** Prints as its label in a counterexample. */
export function labelled<T extends { label: string }>(value: T): T {
  return Object.defineProperty(value, fc.toStringMethod, { value: () => value.label, enumerable: false });
}

export const short = (value: Json) => {
  const text = JSON.stringify(value) ?? "undefined";
  return text.length > 60 ? `${text.slice(0, 57)}…` : text;
};

export const layerName = (account: number | undefined) =>
  account === undefined ? "operator" : `account:${account}`;

export function editWire(
  kind: unknown,
  account: number | undefined,
  form: "merge" | "document",
  body: Json,
): string {
  return JSON.stringify({ kind, ...(account === undefined ? {} : { account }), [form]: body });
}

/** The document the layer shows at the reference (an account's is the operator's where it has no layer). */
export function layerDocument(reference: Reference, kind: ConfigKind, account: number | undefined): Json {
  if (account === undefined || kind.startsWith("texts.")) return reference.documents[kind];
  const set = reference.accounts.get(account) as unknown as Record<string, Json> | undefined;
  return set?.[kind] ?? reference.documents[kind];
}

/**
 * What an edit changes (see Generated.regions). A broken edit also claims the operator's part when
 * it is an account's (an operator edit setting the same value would empty the account's patch), and
 * every language's text when it is English's (English decides the other languages' problems).
 */
export function regionsOf(
  kind: ConfigKind,
  account: number | undefined,
  path: Path,
  form: string,
  document: Json,
  broken: boolean,
) {
  const own = (layer: string) =>
    kind.startsWith("texts.")
      ? [layer, "texts", kind.slice("texts.".length), ...(form === "merge" ? [String(path[0])] : [])]
      : form === "merge"
        ? regionOf(layer, kind, path, document)
        : [layer, kind];
  const regions = [own(layerName(account))];
  if (broken && account !== undefined) regions.push(own("operator"));
  if (broken && kind === "texts.en")
    regions.push(...LANGUAGES.map((l) => ["operator", "texts", l, String(path[0])]));
  return regions;
}

/**
 * An edit that puts `value` at `path` of a layer's document (null: removes it), as a merge patch or as
 * the whole document, with what must come of it.
 */
export function editAt(
  reference: Reference,
  input: {
    kind: ConfigKind;
    account?: number | undefined;
    path: Path;
    value: Json;
    form: "merge" | "document";
  },
  expect: Expect,
): Generated {
  const { kind, account, path, value, form } = input;
  const document = layerDocument(reference, kind, account);
  const body = form === "merge" ? patchAt(document, path, value) : setIn(document, path, value ?? undefined);
  return labelled({
    wire: editWire(kind, account, form, body),
    label: `${layerName(account)} ${kind} ${form} ${pointerOf(path)} = ${short(value)} (${expect.at})`,
    regions: regionsOf(kind, account, path, form, document, expect.at !== "valid"),
    expect,
    kind,
  });
}

/** Keeps the edits that overlap none kept before them (see Generated.regions). */
export function independent(edits: readonly Generated[]): Generated[] {
  const kept: Generated[] = [];
  const taken: string[][] = [];
  const overlaps = (a: string[], b: string[]) => a.slice(0, b.length).every((part, i) => part === b[i]);
  for (const edit of edits) {
    if (edit.regions === null) {
      kept.push(edit);
      continue;
    }
    if (edit.regions.some((r) => taken.some((t) => overlaps(r, t) || overlaps(t, r)))) continue;
    kept.push(edit);
    taken.push(...edit.regions);
  }
  return kept;
}

// ——— places in the documents ———

export interface Site {
  kind: ConfigKind;
  path: Path;
}

/** Every string under a property for which `wanted` is true, in the manifest kinds. */
export function stringSites(documents: ConfigDocuments, wanted: (property: string) => boolean): Site[] {
  const sites: Site[] = [];
  for (const kind of CONFIG_KINDS) {
    if (kind.startsWith("texts.")) continue;
    const walk = (value: Json, path: (string | number)[], property: string | null): void => {
      if (Array.isArray(value)) {
        for (const [index, item] of value.entries()) walk(item, [...path, index], property);
      } else if (isObject(value)) {
        for (const [key, item] of Object.entries(value)) walk(item, [...path, key], key);
      } else if (typeof value === "string" && property !== null && wanted(property)) {
        sites.push({ kind, path });
      }
    };
    walk(documents[kind], [], null);
  }
  return sites;
}

/** Properties that hold a text key (the cross checks' rule: a name ending in Key, but these). */
export const NOT_TEXT_KEYS = new Set(["key", "rowKey", "sortKey", "groupKey"]);
export const isTextKeyProperty = (property: string) =>
  property.endsWith("Key") && !NOT_TEXT_KEYS.has(property);

/**
 * Properties that name a route, permission, feature, admin module, dialog or screen (a menu's `key`
 * is a permission). Where they are defined (permissions' own keys) is not a reference.
 */
export const REFERENCE_PROPERTIES = new Set([
  "permission",
  "key",
  "feature",
  "features",
  "adminModule",
  "adminModules",
  "dialog",
  "dialogId",
  "screenId",
  "link",
  "to",
]);

/** A menu's lists of entries: sections' links and the user and help menus' entries. */
export function menuLists(menus: Json): Path[] {
  const lists: Path[] = [];
  for (const [menu, value] of Object.entries(menus as Obj)) {
    if (!isObject(value)) continue;
    if (Array.isArray(value.sections)) {
      value.sections.forEach((section, index) => {
        if (isObject(section) && Array.isArray(section.links)) lists.push([menu, "sections", index, "links"]);
      });
    }
    if (Array.isArray(value.entries)) lists.push([menu, "entries"]);
  }
  return lists;
}

export const idsAt = (menus: Json, path: Path) => (get(menus, path) as Obj[]).map((item) => item.id);

/** Shell settings an operator may switch (not signupAllowed: with an upstream, it is the upstream's). */
export const OPERATOR_SETTINGS: readonly { path: Path; values: readonly Json[] }[] = [
  { path: ["logo", "show"], values: [true, false] },
  { path: ["logo", "style"], values: ["wide", "square", "none"] },
  { path: ["theme", "default"], values: ["light", "dark", "sync"] },
  { path: ["theme", "contrast"], values: [true, false] },
  { path: ["theme", "contrastOffered"], values: [true, false] },
  { path: ["theme", "style"], values: ["rounded", "square"] },
  { path: ["theme", "publicRoutes", "theme"], values: ["light", "dark"] },
  { path: ["maintenance", "enabled"], values: [true, false] },
  { path: ["videoTutorials"], values: [true, false] },
];
/** The branding an account layer may change (ACCOUNT_SHELL_FIELDS). */
export const ACCOUNT_SETTINGS = OPERATOR_SETTINGS.filter(
  ({ path }) => path[0] === "logo" || path[0] === "theme",
);
/** Shell settings that are the product's: an account layer changing one is refused. */
export const PRODUCT_SETTINGS = OPERATOR_SETTINGS.filter(
  ({ path }) => path[0] !== "logo" && path[0] !== "theme",
);
export const STATUSES = ["success", "failure", "warning", "info"] as const;

/** `{{name}}` placeholders (i18next's syntax), as a multiset. */
export const placeholdersIn = (text: string) =>
  [...text.matchAll(/\{\{\s*([\w.]+)\s*\}\}/g)].map((m) => m[1] as string);

/**
 * Characters of generated texts: Latin, accented, CJK, Hangul, Hebrew, Arabic, emoji (surrogate pairs
 * and a flag), the direction marks multi-line texts allow, tab, LF and CR LF — never a brace (a stray
 * `{{` would be a placeholder) nor a character the text rule refuses.
 */
export const TEXT_UNITS = [
  ..."abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789 .,;:!?'\"()-/&%+=#@*",
  ..."éßñçøüÆőłİıΩЖж–—…«»",
  "中",
  "文",
  "한",
  "ש",
  "ל",
  "م",
  "ح",
  "🙂",
  "👍🏽",
  "🇩🇪",
  "\u200e",
  "\u200f",
  "\t",
  "\n",
  "\r\n",
];
export const WORDS = [
  "Neu",
  "Tableaux",
  "Painéis",
  "Übersicht",
  "Data",
  "데이터",
  "נתונים",
  "Panneaux",
  "Vue",
];

/** A text that is not blank, holds exactly `placeholders`, and differs from `current`. */
export function textArbitrary(placeholders: readonly string[], current: unknown): fc.Arbitrary<string> {
  return fc
    .record({
      word: fc.constantFrom(...WORDS),
      chunks: fc.array(fc.string({ unit: fc.constantFrom(...TEXT_UNITS), maxLength: 12 }), { maxLength: 3 }),
      positions: fc.array(fc.nat(), { minLength: placeholders.length, maxLength: placeholders.length }),
    })
    .map(({ word, chunks, positions }) => {
      const tokens = [word, ...chunks];
      placeholders.forEach((name, index) => {
        tokens.splice((positions[index] ?? 0) % (tokens.length + 1), 0, `{{${name}}}`);
      });
      const text = tokens.join(" ");
      return text === current ? `${text} ·` : text;
    });
}

export const pick = <T>(items: readonly T[]) => fc.constantFrom(...items);

// ——— valid edits ———

/** Edits an operator (or an account, for its branding and menus) may publish, each changing the reference. */
export function validEdits(reference: Reference): fc.Arbitrary<Generated> {
  const english = reference.documents["texts.en"] as Record<string, string>;
  const keys = Object.keys(english);
  const placeholderKeys = keys.filter((key) => placeholdersIn(english[key] as string).length > 0);
  const menus = reference.documents.menus;
  const menuTextKeys = [
    ...new Set(stringSites({ menus } as ConfigDocuments, isTextKeyProperty).map((s) => get(menus, s.path))),
  ] as string[];
  const valid = (observe: (view: View) => void): Expect => ({ at: "valid", observe });
  const form = fc.constantFrom("merge" as const, "document" as const);

  const text = (keyArbitrary: fc.Arbitrary<string>) =>
    fc.record({ key: keyArbitrary, language: pick(LANGUAGES), form }).chain(({ key, language, form }) => {
      const kind = `texts.${language}` as const;
      const current = (reference.documents[kind] as Record<string, string>)[key];
      return textArbitrary(placeholdersIn(english[key] as string), current).map((value) =>
        editAt(
          reference,
          { kind, path: [key], value, form },
          valid((view) => assert.equal(view.text(language, key), value, `${kind}/${key}`)),
        ),
      );
    });

  const lists = menuLists(menus).filter((path) => (get(menus, path) as unknown[]).length > 1);
  const reorder = fc.record({ path: pick(lists), form }).chain(({ path, form }) => {
    const items = get(menus, path) as Obj[];
    return fc
      .shuffledSubarray(items, { minLength: items.length, maxLength: items.length })
      .filter((order) => order.some((item, index) => item !== items[index]))
      .map((order) =>
        editAt(
          reference,
          { kind: "menus", path, value: order, form },
          valid((view) =>
            assert.deepEqual(
              idsAt(view.set(null).menus, path),
              order.map((item) => item.id),
            ),
          ),
        ),
      );
  });

  const setting = (account: number | undefined, settings: typeof OPERATOR_SETTINGS) =>
    fc.record({ setting: pick(settings), choice: fc.nat(), form }).map(({ setting, choice, form }) => {
      const current = get(layerDocument(reference, "shell", account), setting.path);
      const others = setting.values.filter((value) => value !== current);
      const value = others[choice % others.length];
      const edit = editAt(
        reference,
        // An account layer's whole document would carry the operator's settings: accounts merge.
        { kind: "shell", account, path: setting.path, value, form: account === undefined ? form : "merge" },
        valid((view) => assert.equal(get(view.set(account ?? null).shell, setting.path), value)),
      );
      return edit;
    });

  const templates = reference.documents.notifications.templates as Obj[];
  const variants = templates.flatMap((template, t) =>
    (template.variants as unknown[]).map((_, v): Path => ["templates", t, "variants", v, "status"]),
  );
  const status = fc.record({ path: pick(variants), choice: fc.nat(), form }).map(({ path, choice, form }) => {
    const others = STATUSES.filter((s) => s !== get(reference.documents.notifications, path));
    const value = others[choice % others.length];
    return editAt(
      reference,
      { kind: "notifications", path, value, form },
      valid((view) => assert.equal(get(view.set(null).notifications, path), value)),
    );
  });

  // An account layer narrows its menus (DESIGN.md §3): it hides an entry of a list that keeps one.
  const narrowing = fc.record({ account: pick(ACCOUNTS), choice: fc.nat(), index: fc.nat() }).map((input) => {
    const own = layerDocument(reference, "menus", input.account);
    const shown = menuLists(own).filter((path) => (get(own, path) as unknown[]).length > 1);
    const path = shown[input.choice % shown.length] as Path;
    const items = get(own, path) as Obj[];
    const hidden = items[input.index % items.length] as Obj;
    const left = items.filter((item) => item !== hidden);
    return editAt(
      reference,
      { kind: "menus", account: input.account, path, value: left, form: "merge" },
      valid((view) =>
        assert.deepEqual(
          idsAt(view.set(input.account).menus, path),
          left.map((item) => item.id),
        ),
      ),
    );
  });

  return fc.oneof(
    { weight: 3, arbitrary: text(fc.oneof(pick(keys), pick(placeholderKeys))) },
    { weight: 2, arbitrary: text(pick(menuTextKeys)) },
    { weight: 2, arbitrary: reorder },
    { weight: 2, arbitrary: setting(undefined, OPERATOR_SETTINGS) },
    { weight: 2, arbitrary: status },
    { weight: 1, arbitrary: fc.constantFrom(...ACCOUNTS).chain((a) => setting(a, ACCOUNT_SETTINGS)) },
    { weight: 1, arbitrary: narrowing },
  );
}

// ——— edits applyEdits refuses ———

export const FORBIDDEN_KEYS = ["__proto__", "constructor", "prototype"] as const;
/** What a polluting key carries: objects meant for a prototype, nested pollution, plain values. */
export const POLLUTION_PAYLOADS = [
  '{"polluted":"yes"}',
  '{"prototype":{"polluted":"yes"}}',
  '{"__proto__":{"polluted":"yes"}}',
  '{"polluted":{"__proto__":{"polluted":"yes"}}}',
  '{"toString":"polluted","valueOf":"polluted","hasOwnProperty":"polluted"}',
  '[{"polluted":"yes"}]',
  '"polluted"',
  "1",
  "null",
];

/** Containers under `node` that a path may step into: objects, and objects inside arrays. */
export function stepsFrom(node: Obj): (readonly [string] | readonly [string, number])[] {
  const steps: (readonly [string] | readonly [string, number])[] = [];
  for (const [key, child] of Object.entries(node)) {
    if (isObject(child)) steps.push([key]);
    else if (Array.isArray(child)) {
      child.forEach((item, index) => {
        if (isObject(item)) steps.push([key, index]);
      });
    }
  }
  return steps;
}

/**
 * The JSON text of `value` with raw `[key, json]` entries inserted into the object at `path`, at
 * `position` among its keys. `whole`: every key of every object on the way; otherwise only the path
 * (a merge patch). Arrays are always whole: a merge replaces them.
 */
export function jsonWith(
  value: Json,
  path: Path,
  inserted: readonly (readonly [string, string])[],
  position: number,
  whole: boolean,
): string {
  const [head, ...rest] = path;
  if (Array.isArray(value)) {
    return `[${value.map((item, index) => (index === head ? jsonWith(item, rest, inserted, position, whole) : JSON.stringify(item))).join(",")}]`;
  }
  const object = value as Obj;
  if (head === undefined) {
    const entries = (whole ? Object.entries(object) : []).map(
      ([key, item]) => `${JSON.stringify(key)}:${JSON.stringify(item)}`,
    );
    entries.splice(
      position % (entries.length + 1),
      0,
      ...inserted.map(([k, v]) => `${JSON.stringify(k)}:${v}`),
    );
    return `{${entries.join(",")}}`;
  }
  const keys = whole ? Object.keys(object) : [String(head)];
  const entries = keys.map(
    (key) =>
      `${JSON.stringify(key)}:${key === String(head) ? jsonWith(object[key], rest, inserted, position, whole) : JSON.stringify(object[key])}`,
  );
  return `{${entries.join(",")}}`;
}

/** An edit of a known kind whose merge or document holds `__proto__`, `constructor` or `prototype`. */
export function pollutingEdit(reference: Reference): fc.Arbitrary<Generated> {
  return fc
    .record({
      kind: pick(CONFIG_KINDS),
      account: fc.option(pick(ACCOUNTS), { nil: undefined }),
      form: fc.constantFrom("merge" as const, "document" as const),
      wholeMerge: fc.oneof({ weight: 4, arbitrary: fc.constant(false) }, fc.constant(true)),
      steps: fc.array(fc.nat(), { maxLength: 7 }),
      keys: fc.array(fc.record({ key: pick(FORBIDDEN_KEYS), payload: pick(POLLUTION_PAYLOADS) }), {
        minLength: 1,
        maxLength: 2,
      }),
      position: fc.nat(),
    })
    .map((input) => {
      const document = layerDocument(reference, input.kind, input.account) as Obj;
      const path: (string | number)[] = [];
      let node = document;
      for (const choice of input.steps) {
        const steps = stepsFrom(node);
        const step = steps[choice % Math.max(steps.length, 1)];
        if (!step) break;
        path.push(...step);
        node = get(node, step) as Obj;
      }
      const whole = input.form === "document" || input.wholeMerge;
      const inserted = input.keys.map(({ key, payload }) => [key, payload] as const);
      const body = jsonWith(document, path, inserted, input.position, whole);
      const account = input.account === undefined ? "" : `,"account":${input.account}`;
      const pointers = input.keys.map(({ key }) => pointerOf([...path, key]));
      const keys = input.keys.map(({ key, payload }) => `${key}: ${payload}`).join(", ");
      return labelled({
        wire: `{"kind":${JSON.stringify(input.kind)}${account},"${input.form}":${body}}`,
        label: `${layerName(input.account)} ${input.kind} ${input.form}${whole ? " (whole)" : ""} with ${keys} at ${pointers.join(", ")}`,
        regions: null,
        expect: { at: "edit", kind: input.kind, pointers: () => pointers },
        kind: input.kind,
      });
    });
}

/** Kinds the plane does not know: near misses, prototype names, other JSON types. */
export const UNKNOWN_KINDS = [
  '"texts.xx"',
  '"texts."',
  '"texts.EN"',
  '"Shell"',
  '"menu"',
  '" shell"',
  '""',
  '"__proto__"',
  '"constructor"',
  '"prototype"',
  '"toString"',
  '"hasOwnProperty"',
  "5",
  "null",
  "true",
  '["shell"]',
  '{"0":"shell"}',
];
/** Values that are not an object where a merge or a document must be one. */
export const NOT_OBJECTS = [
  '"x"',
  '""',
  "5",
  "0",
  "true",
  "false",
  "null",
  "[]",
  '[{"videoTutorials":false}]',
];

export function malformedEdit(): fc.Arbitrary<Generated> {
  const refused = (wire: string, kind: string, at: (index: number) => string): Generated =>
    labelled({
      wire,
      label: wire,
      regions: null,
      expect: { at: "edit", kind, pointers: (index) => [at(index)] },
      kind: null,
    });
  const account = fc.option(pick(ACCOUNTS), { nil: undefined }).map((a) => (a ? `,"account":${a}` : ""));
  const kind = pick(CONFIG_KINDS);
  return fc.oneof(
    fc
      .record({
        kind: pick(UNKNOWN_KINDS),
        body: fc.constantFrom('{"videoTutorials":false}', '{"__proto__":{}}'),
      })
      .map(({ kind, body }) =>
        refused(`{"kind":${kind},"merge":${body}}`, "content", (i) => `/edits/${i}/kind`),
      ),
    fc
      .record({ kind, account, form: fc.constantFrom("merge", "document"), value: pick(NOT_OBJECTS) })
      .map(({ kind, account, form, value }) =>
        refused(`{"kind":"${kind}"${account},"${form}":${value}}`, kind, (i) => `/edits/${i}`),
      ),
    fc
      .record({ kind, account, both: fc.boolean() })
      .map(({ kind, account, both }) =>
        refused(
          `{"kind":"${kind}"${account}${both ? ',"merge":{},"document":{}' : ""}}`,
          kind,
          (i) => `/edits/${i}`,
        ),
      ),
  );
}

// ——— edits materialise refuses ———

export const DANGLING_LINK = "/admin/zznowhere/a/b";
export const name = fc.stringMatching(/^[A-Z][a-z]{2,8}$/);

export function invalidEdits(reference: Reference): fc.Arbitrary<Generated> {
  const { documents } = reference;
  const english = documents["texts.en"] as Record<string, string>;
  const keys = Object.keys(english);
  const form = fc.constantFrom("merge" as const, "document" as const);
  const problem = (kind: string, pointer: string, account?: number): ExpectedProblem =>
    account === undefined ? { kind, pointer } : { kind, pointer, account };

  // A reference to a route, permission, feature, admin module, dialog or screen that does not exist.
  // The user and help menus' dialogs are an enum of their schema; every other one is a cross check.
  // Permissions' own keys define what the others name, and the shell's logo link is not checked.
  const references = stringSites(documents, (p) => REFERENCE_PROPERTIES.has(p)).filter(
    ({ kind, path }) => (kind !== "permissions" || path[0] === "homeRedirects") && kind !== "shell",
  );
  const dangling = fc.record({ site: pick(references), n: name, form }).map(({ site, n, form }) => {
    const property = String(site.path.findLast((part) => typeof part === "string"));
    const value = property === "link" || property === "to" ? DANGLING_LINK : `zzNoSuch${n}`;
    const at = site.kind === "menus" && property === "dialog" ? "schema" : "cross";
    return editAt(
      reference,
      { ...site, value, form },
      { at, problems: [problem(site.kind, pointerOf(site.path))] },
    );
  });

  // A text key that is not in English, from a manifest: in the operator layer or an account's.
  const textKeySites = stringSites(documents, isTextKeyProperty);
  const danglingText = fc
    .record({ site: pick(textKeySites), n: name, form })
    .map(({ site, n, form }) =>
      editAt(
        reference,
        { ...site, value: `Zz_Dangling_${n}`, form },
        { at: "cross", problems: [problem(site.kind, pointerOf(site.path))] },
      ),
    );
  const accountTextKeySites = textKeySites.filter(
    ({ kind, path }) =>
      (kind === "menus" && path.at(-1) === "textKey") || (kind === "shell" && path.length === 1),
  );
  const accountDanglingText = fc
    .record({ site: pick(accountTextKeySites), account: pick(ACCOUNTS), n: name })
    .map(({ site, account, n }) =>
      editAt(
        reference,
        { ...site, account, value: `Zz_Dangling_${n}`, form: "merge" },
        { at: "cross", problems: [problem(site.kind, pointerOf(site.path), account)] },
      ),
    );

  // The texts' rules (check-texts.ts): exactly English's keys, non-empty texts of the multi-line text
  // rule, the same placeholders as English.
  const others = LANGUAGES.filter((l) => l !== "en");
  const placeholders = fc
    .record({ key: pick(keys), language: pick(others), form })
    .map(({ key, language, form }) => {
      const names = placeholdersIn(english[key] as string);
      const value = names.length > 0 ? `Ohne ${names.slice(1).map((n) => `{{${n}}}`)}` : "Mit {{count}}";
      return editAt(
        reference,
        { kind: `texts.${language}`, path: [key], value, form },
        { at: "texts", problems: [problem(`texts.${language}`, `/${segment(key)}`)] },
      );
    });
  const notEnglish = fc
    .record({ n: name, language: pick(others), form })
    .map(({ n, language, form }) =>
      editAt(
        reference,
        { kind: `texts.${language}`, path: [`Zz_NotEnglish_${n}`], value: "Text", form },
        { at: "texts", problems: [problem(`texts.${language}`, `/Zz_NotEnglish_${n}`)] },
      ),
    );
  const englishAdded = fc
    .record({ n: name, form })
    .map(({ n, form }) =>
      editAt(
        reference,
        { kind: "texts.en", path: [`Zz_Added_${n}`], value: "Text", form },
        { at: "texts", problems: others.map((l) => problem(`texts.${l}`, `/Zz_Added_${n}`)) },
      ),
    );
  const englishRemoved = fc
    .record({ key: pick(keys), form })
    .map(({ key, form }) =>
      editAt(
        reference,
        { kind: "texts.en", path: [key], value: null, form },
        { at: "texts", problems: others.map((l) => problem(`texts.${l}`, `/${segment(key)}`)) },
      ),
    );
  const translationRemoved = fc
    .record({ key: pick(keys), language: pick(others), form })
    .map((input) =>
      editAt(
        reference,
        { kind: `texts.${input.language}`, path: [input.key], value: null, form: input.form },
        { at: "texts", problems: [problem(`texts.${input.language}`, `/${segment(input.key)}`)] },
      ),
    );
  // Numbers, objects and arrays for texts; blank, over-long and control or direction-override texts.
  const badText = fc
    .record({
      key: pick(keys),
      language: pick(LANGUAGES),
      value: fc.constantFrom<Json>(
        5,
        0,
        true,
        {},
        { en: "x" },
        [],
        ["x"],
        "",
        "   ",
        "\n",
        "a\u202eb",
        "x\u0000y",
        "a\u2028b",
        "a\rb",
        "x".repeat(4001),
      ),
      form,
    })
    .map(({ key, language, value, form }) =>
      editAt(
        reference,
        { kind: `texts.${language}`, path: [key], value, form },
        { at: "texts", problems: [problem(`texts.${language}`, `/${segment(key)}`)] },
      ),
    );

  // Wrong types where the schema names the type: strings for objects, arrays for objects, numbers for text keys…
  const typed: { kind: ConfigKind; path: Path; value: Json }[] = [
    { kind: "shell", path: ["logo"], value: "wide" },
    { kind: "shell", path: ["theme"], value: [] },
    { kind: "shell", path: ["maintenance", "enabled"], value: "yes" },
    { kind: "shell", path: ["videoTutorials"], value: 1 },
    { kind: "shell", path: ["languages", "available"], value: {} },
    { kind: "shell", path: ["frameAncestors"], value: "none" },
    { kind: "menus", path: ["main", "sections"], value: {} },
    { kind: "menus", path: ["main", "titleKey"], value: 7 },
    { kind: "menus", path: ["user", "entries"], value: "entries" },
    { kind: "routes", path: ["routes"], value: {} },
    { kind: "routes", path: ["notFoundRedirect"], value: 5 },
    { kind: "constants", path: ["recentColoursMax"], value: "8" },
    { kind: "constants", path: ["bannerAutoHideMs"], value: [] },
    { kind: "notifications", path: ["templates"], value: {} },
    { kind: "dialogs", path: ["dialogs"], value: "dialogs" },
    { kind: "permissions", path: ["rolePermissions"], value: {} },
    { kind: "screens", path: ["screens"], value: 5 },
  ];
  const accountTyped = typed.filter(
    ({ kind, path }) => kind === "menus" || path[0] === "logo" || path[0] === "theme",
  );
  const wrongType = fc.oneof(
    fc
      .record({ site: pick(typed), form })
      .map(({ site, form }) =>
        editAt(
          reference,
          { ...site, form },
          { at: "schema", problems: [problem(site.kind, pointerOf(site.path))] },
        ),
      ),
    fc
      .record({ site: pick(accountTyped), account: pick(ACCOUNTS) })
      .map(({ site, account }) =>
        editAt(
          reference,
          { ...site, account, form: "merge" },
          { at: "schema", problems: [problem(site.kind, pointerOf(site.path), account)] },
        ),
      ),
    fc
      .record({ site: pick(textKeySites), value: fc.constantFrom<Json>(7, true, ["Menu_Dashboards"]), form })
      .map(({ site, value, form }) =>
        editAt(
          reference,
          { ...site, value, form },
          { at: "schema", problems: [problem(site.kind, pointerOf(site.path))] },
        ),
      ),
  );

  // An account layer narrows, never widens (DESIGN.md §3): no other kinds, no product settings, no new
  // entries, no other target or access rule. Each value is schema-valid: only the narrowing rule refuses it.
  const firstStatus: Path = ["templates", 0, "variants", 0, "status"];
  const otherKind = fc
    .record({ account: pick(ACCOUNTS), key: pick(keys), language: pick(LANGUAGES), choice: fc.nat(5) })
    .map(({ account, key, language, choice }) => {
      const kind: ConfigKind = choice < 3 ? `texts.${language}` : choice < 5 ? "notifications" : "routes";
      const path: Path =
        kind === "notifications" ? (["templates"] as Path) : kind === "routes" ? ["notFoundRedirect"] : [key];
      const status = get(documents.notifications, firstStatus);
      const value =
        kind === "notifications"
          ? setIn(
              documents.notifications.templates,
              firstStatus.slice(1),
              status === "info" ? "warning" : "info",
            )
          : kind === "routes"
            ? "/login"
            : `Zz account ${placeholdersIn(english[key] as string).map((n) => `{{${n}}}`)}`;
      return editAt(
        reference,
        { kind, account, path, value, form: "merge" },
        { at: "narrowing", problems: [problem(kind, "", account)] },
      );
    });
  const productSetting = fc
    .record({ account: pick(ACCOUNTS), setting: pick(PRODUCT_SETTINGS), choice: fc.nat() })
    .map(({ account, setting, choice }) => {
      const current = get(layerDocument(reference, "shell", account), setting.path);
      const values = setting.values.filter((v) => v !== current);
      return editAt(
        reference,
        { kind: "shell", account, path: setting.path, value: values[choice % values.length], form: "merge" },
        { at: "narrowing", problems: [problem("shell", `/${String(setting.path[0])}`, account)] },
      );
    });
  const addedEntry = fc.record({ account: pick(ACCOUNTS), n: name }).map(({ account, n }) => {
    const entries = get(layerDocument(reference, "menus", account), ["user", "entries"]) as Obj[];
    const entry = { id: `zzAdded${n}`, textKey: "Menu_Dashboards", icon: "gear", dialog: "mySettings" };
    return editAt(
      reference,
      { kind: "menus", account, path: ["user", "entries"], value: [...entries, entry], form: "merge" },
      { at: "narrowing", problems: [problem("menus", `/user/entries/${entries.length}`, account)] },
    );
  });
  const accessSites = menuLists(documents.menus).flatMap((list) =>
    (get(documents.menus, list) as Obj[]).flatMap((item, index) =>
      (["link", "key", "feature", "adminModule", "adminOnly"] as const)
        .filter((field) => item[field] !== undefined)
        .map((field) => ({ list, index, field })),
    ),
  );
  const retarget = fc
    .record({ account: pick(ACCOUNTS), site: pick(accessSites), choice: fc.nat() })
    .map((input) => {
      const { list, index, field } = input.site;
      const own = get(layerDocument(reference, "menus", input.account), list) as Obj[];
      const item = own.find((entry) => entry.id === (get(documents.menus, [...list, index]) as Obj).id);
      // Another entry's value (or the other boolean): still a valid reference, only not this entry's.
      const values = [
        ...new Set(
          accessSites
            .filter((s) => s.field === field && s.list[0] === list[0])
            .map((s) => get(documents.menus, [...s.list, s.index, field])),
        ),
        ...(field === "adminOnly" ? [true, false] : []),
      ].filter((value) => value !== item?.[field]);
      if (!item || values.length === 0) return null;
      const position = own.indexOf(item);
      const value = values[input.choice % values.length];
      return editAt(
        reference,
        { kind: "menus", account: input.account, path: [...list, position, field], value, form: "merge" },
        {
          at: "narrowing",
          problems: [problem("menus", pointerOf([...list, position, field]), input.account)],
        },
      );
    });

  return fc.oneof(
    { weight: 3, arbitrary: dangling },
    { weight: 2, arbitrary: danglingText },
    { weight: 1, arbitrary: accountDanglingText },
    { weight: 1, arbitrary: placeholders },
    { weight: 1, arbitrary: notEnglish },
    { weight: 1, arbitrary: englishAdded },
    { weight: 1, arbitrary: englishRemoved },
    { weight: 1, arbitrary: translationRemoved },
    { weight: 1, arbitrary: badText },
    { weight: 2, arbitrary: wrongType },
    { weight: 1, arbitrary: otherKind },
    { weight: 1, arbitrary: productSetting },
    { weight: 1, arbitrary: addedEntry },
    {
      weight: 1,
      arbitrary: retarget.filter((edit): edit is Generated => edit !== null),
    },
  );
}

/** Keys that resemble the forbidden ones or name Object.prototype's methods: ordinary keys, refused or not. */
export const UNUSUAL_KEYS = [
  "__proto",
  "_proto_",
  "__PROTO__",
  "proto",
  "__proto__ ",
  "Constructor",
  " constructor",
  "prototypes",
  "__defineGetter__",
  "__lookupSetter__",
  "hasOwnProperty",
  "isPrototypeOf",
  "toString",
  "valueOf",
];
export const ANY_VALUES: readonly Json[] = [
  "zz",
  "",
  0,
  -1,
  1.5,
  true,
  false,
  [],
  ["x"],
  {},
  { zz: 1 },
  null,
];

/** A value of another type anywhere, or an unusual key anywhere: the outcome is not certain. */
export function uncertainEdits(reference: Reference): fc.Arbitrary<Generated> {
  const at = { at: "maybe" } as const;
  return fc
    .record({
      kind: pick(CONFIG_KINDS),
      account: fc.oneof(
        { weight: 3, arbitrary: fc.constant(undefined) },
        { weight: 1, arbitrary: pick(ACCOUNTS) },
      ),
      steps: fc.array(fc.nat(), { maxLength: 8 }),
      key: fc.option(pick(UNUSUAL_KEYS), { nil: undefined }),
      value: pick(ANY_VALUES),
      form: fc.constantFrom("merge" as const, "document" as const),
    })
    .map((input) => {
      const kind = input.account === undefined ? input.kind : input.kind === "menus" ? "menus" : "shell";
      const document = layerDocument(reference, kind, input.account);
      const path: (string | number)[] = [];
      let node: Json = document;
      for (const choice of input.steps) {
        const children = Array.isArray(node)
          ? node.map((_, i) => i)
          : isObject(node)
            ? Object.keys(node)
            : [];
        const child = children[choice % Math.max(children.length, 1)];
        if (child === undefined) break;
        path.push(child);
        node = get(node, [child]);
      }
      // An unusual key goes into the deepest object on the path.
      if (input.key !== undefined) {
        while (path.length > 0 && !isObject(get(document, path))) path.pop();
        path.push(input.key);
      }
      if (path.length === 0) path.push("zz");
      const form = input.account === undefined ? input.form : "merge";
      return editAt(reference, { kind, account: input.account, path, value: input.value, form }, at);
    });
}

// ——— change sets ———

export interface ChangeSet {
  edits: Generated[];
  content: ConfigContent;
  label: string;
}

/** What a content serves: the operator's documents, and each account's set. */
export function referenceOf(base: BaseConfiguration, content: ConfigContent): Reference {
  const { configuration } = materialise(base, content);
  assert.ok(configuration, "the content edits are generated on is valid");
  return {
    documents: configuration.documents,
    accounts: new Map(
      ACCOUNTS.map((account) => [account, configuration.accounts.get(account) ?? configuration.set]),
    ),
  };
}

/** Change sets on each of `contents`, generated against what that content serves. */
export function changeSets(
  base: BaseConfiguration,
  contents: readonly { name: string; content: ConfigContent; weight: number }[],
): fc.Arbitrary<ChangeSet> {
  const onContent = ({ name, content }: { name: string; content: ConfigContent }) => {
    const reference = referenceOf(base, content);
    const reaching = fc.oneof(
      { weight: 5, arbitrary: validEdits(reference) },
      { weight: 4, arbitrary: invalidEdits(reference) },
      { weight: 1, arbitrary: uncertainEdits(reference) },
    );
    const refused = fc.oneof(
      { weight: 3, arbitrary: pollutingEdit(reference) },
      { weight: 1, arbitrary: malformedEdit() },
    );
    const changeSet = (edits: Generated[]): ChangeSet =>
      labelled({
        edits,
        content,
        label: `on ${name}: ${edits.map((edit, index) => `\n  ${index}: ${edit.label}`).join("")}`,
      });
    return fc.oneof(
      // At least one edit applyEdits refuses, among any others: cheap, and most of the runs.
      {
        weight: 11,
        arbitrary: fc
          .record({
            edits: fc.array(fc.oneof(reaching, refused), { maxLength: 2 }),
            refused,
            position: fc.nat(),
          })
          .map(({ edits, refused, position }) => {
            const all = [...edits];
            all.splice(position % (all.length + 1), 0, refused);
            return changeSet(independent(all));
          }),
      },
      // Only edits applyEdits takes: materialise decides.
      {
        weight: 1,
        arbitrary: fc
          .array(reaching, { minLength: 1, maxLength: 3 })
          .map((edits) => changeSet(independent(edits))),
      },
    );
  };
  return fc.oneof(...contents.map(({ weight, ...content }) => ({ weight, arbitrary: onContent(content) })));
}

// ——— invariants ———

export const wellFormed = (problem: ConfigProblem) => {
  assert.ok(
    problem.kind === "content" || (CONFIG_KINDS as readonly string[]).includes(problem.kind),
    `kind ${String(problem.kind)}`,
  );
  assert.equal(typeof problem.pointer, "string");
  assert.ok(problem.pointer === "" || problem.pointer.startsWith("/"), `pointer ${problem.pointer}`);
  assert.ok(typeof problem.reason === "string" && problem.reason.length > 0);
  // The reason in the reader's language: a message of problem-messages.ts whose every placeholder is given.
  assert.ok(PROBLEM_TEXT_KEYS.includes(problem.message.key), `message ${problem.message.key}`);
  const english = englishText(problem.message);
  assert.ok(english !== problem.message.key && !english.includes("{{"), `English ${english}`);
  if (problem.account !== undefined) assert.ok(Number.isSafeInteger(problem.account));
};

export const found = (problems: readonly ConfigProblem[], expected: ExpectedProblem) =>
  problems.some(
    (p) => p.kind === expected.kind && p.pointer === expected.pointer && p.account === expected.account,
  );

/** The objects a polluting key would reach. */
export const PROTOTYPES = [Object.prototype, Object, Array.prototype, Function.prototype] as const;

/** Each prototype's own properties and their descriptors. */
export function prototypeSnapshot(): Map<PropertyKey, PropertyDescriptor>[] {
  return PROTOTYPES.map(
    (target) =>
      new Map(
        Reflect.ownKeys(target).map((key) => [key, Object.getOwnPropertyDescriptor(target, key) ?? {}]),
      ),
  );
}

export const sameDescriptor = (a: PropertyDescriptor, b: PropertyDescriptor) =>
  a.value === b.value && a.get === b.get && a.set === b.set && a.writable === b.writable;

/**
 * Fails when a prototype gained, lost or changed a property, after putting it back: a polluted
 * prototype would fail every later run, and the counterexample must be the run that polluted it.
 */
export function assertNoPollution(before: readonly Map<PropertyKey, PropertyDescriptor>[]) {
  const changes: string[] = [];
  const polluted = ({} as Record<string, unknown>).polluted;
  const prototypeOfObject = Object.getPrototypeOf(Object.prototype);
  PROTOTYPES.forEach((target, index) => {
    const was = before[index] as Map<PropertyKey, PropertyDescriptor>;
    for (const key of Reflect.ownKeys(target)) {
      if (!was.has(key)) {
        changes.push(`${String(key)} added`);
        Reflect.deleteProperty(target, key);
      }
    }
    for (const [key, descriptor] of was) {
      const now = Object.getOwnPropertyDescriptor(target, key);
      if (!now || !sameDescriptor(now, descriptor)) {
        changes.push(`${String(key)} ${now ? "changed" : "removed"}`);
        Object.defineProperty(target, key, descriptor);
      }
    }
  });
  if (prototypeOfObject !== null) Object.setPrototypeOf(Object.prototype, null);
  assert.deepEqual(changes, [], "no prototype gained, lost or changed a property");
  assert.equal(prototypeOfObject, null, "Object.prototype has no prototype");
  assert.equal(polluted, undefined, "({}).polluted");
}

/** Freezes the base, so that a write into it throws in the run that makes it. */
export function deepFreeze(value: unknown): void {
  if (typeof value !== "object" || value === null || Object.isFrozen(value)) return;
  Object.freeze(value);
  for (const item of Object.values(value)) deepFreeze(item);
}

export async function frozenBase(): Promise<{ base: BaseConfiguration; copy: BaseConfiguration }> {
  const base = await defaultBase();
  const copy = structuredClone(base);
  deepFreeze(base);
  return { base, copy };
}
