/**
 * Cross checks of the widgets manifest (DESIGN.md §3 publishing rules), beyond its schema: kind ids
 * are unique; a filter renderer is only used under its own name, and its name only for it (the
 * upstream tells a filter widget by its Kind alone: core/analytics/cross-filter.ts isFilterKind, the
 * one rule the viewers and the upstream apply);
 * palette group and data agree with the renderer; every kind's settings schema compiles, names only
 * declared settings in `required` and `settingsUi`, and titles its settings and choices with text keys
 * that exist; and its defaults are valid settings.
 */
import Ajv, { type ErrorObject, type ValidateFunction } from "ajv";
import { isFilterKind } from "../../../core/analytics/cross-filter.ts";
import type { TextMessage } from "../../../schemas/config-answers.ts";
import type { WidgetKind, WidgetRenderer, WidgetsManifest } from "../../../schemas/widgets.ts";
import type { LocaleKeys } from "./load-manifests.ts";
import { type ManifestProblem, pointerSegment } from "./manifest-problem.ts";
import { problemMessage, schemaErrorMessage } from "./problem-messages.ts";

const FILE = "manifests/widgets.json";

/** Renderers that draw no query: their kinds are `data: "none"`, every other kind `data: "query"`. */
const CONTENT_RENDERERS: ReadonlySet<WidgetRenderer> = new Set(["text", "image"]);

/**
 * Compiled settings schemas by their JSON. A change set is validated on every edit, so the same
 * fourteen schemas would be compiled again and again; ajv keeps every schema it compiled, so the
 * instance is replaced, not grown, once an operator has tried many.
 */
const MAX_COMPILED = 500;
let ajv = newAjv();
const compiled = new Map<string, ValidateFunction | Error>();

function newAjv(): Ajv {
  // strict: a keyword that does not apply to the setting's type (maxLength on a boolean) is refused.
  return new Ajv({ allErrors: true, strict: true, logger: false });
}

/** The validator of a settings schema, or the reason it does not compile. */
export function compileSettingsSchema(schema: WidgetKind["settingsSchema"]): ValidateFunction | Error {
  const key = JSON.stringify(schema);
  const known = compiled.get(key);
  if (known) return known;
  if (compiled.size >= MAX_COMPILED) {
    compiled.clear();
    ajv = newAjv();
  }
  let result: ValidateFunction | Error;
  try {
    result = ajv.compile(structuredClone(schema));
  } catch (error) {
    result = error instanceof Error ? error : new Error(String(error));
  }
  compiled.set(key, result);
  return result;
}

function defaultsProblem(at: string, error: ErrorObject): ManifestProblem {
  const params = error.params as Record<string, unknown>;
  const undeclared = error.keyword === "additionalProperties";
  const reason = undeclared
    ? `undeclared setting "${String(params.additionalProperty)}"`
    : (error.message ?? "is invalid");
  return {
    file: FILE,
    pointer: `${at}/defaults${error.instancePath}`,
    reason: `defaults: ${reason}`,
    message: undeclared
      ? problemMessage("WidgetDefaultUndeclared", { setting: String(params.additionalProperty) })
      : problemMessage("WidgetDefaults", { problem: schemaErrorMessage(error) }),
  };
}

/** The settings' and their choices' title text keys, each with its pointer under the kind. */
function settingTitles(kind: WidgetKind, at: string): { pointer: string; key: string }[] {
  const titles: { pointer: string; key: string }[] = [];
  for (const [name, setting] of Object.entries(kind.settingsSchema.properties)) {
    const base = `${at}/settingsSchema/properties/${pointerSegment(name)}`;
    titles.push({ pointer: `${base}/title`, key: setting.title });
    for (const [index, choice] of (setting.oneOf ?? []).entries()) {
      titles.push({ pointer: `${base}/oneOf/${index}/title`, key: choice.title });
    }
  }
  return titles;
}

function kindProblems(kind: WidgetKind, at: string, localeKeys: LocaleKeys): ManifestProblem[] {
  const problems: ManifestProblem[] = [];
  const problem = (pointer: string, reason: string, message: TextMessage) =>
    problems.push({ file: FILE, pointer, reason, message });
  const filterRenderer = isFilterKind(kind.renderer);
  if (filterRenderer && kind.kind !== kind.renderer) {
    problem(
      `${at}/kind`,
      `the filter renderer "${kind.renderer}" is only drawn under its own name: the upstream tells filter widgets by their kind`,
      problemMessage("FilterRendererOwnName", { renderer: kind.renderer }),
    );
  } else if (!filterRenderer && isFilterKind(kind.kind)) {
    problem(
      `${at}/renderer`,
      `the kind "${kind.kind}" is a filter to the upstream: its renderer must be "${kind.kind}"`,
      problemMessage("FilterKindRenderer", { kind: kind.kind }),
    );
  }
  if (filterRenderer !== (kind.category === "filter")) {
    problem(
      `${at}/category`,
      filterRenderer
        ? "a filter renderer's kind is in the filter group"
        : "only filter renderers are in the filter group",
      problemMessage(filterRenderer ? "FilterRendererGroup" : "OnlyFiltersInGroup"),
    );
  }
  const data = CONTENT_RENDERERS.has(kind.renderer) ? "none" : "query";
  if (kind.data !== data)
    problem(
      `${at}/data`,
      `the renderer "${kind.renderer}" draws ${data === "none" ? "no query" : "a query"}: data must be "${data}"`,
      problemMessage(data === "none" ? "RendererDrawsNoQuery" : "RendererDrawsQuery", {
        renderer: kind.renderer,
      }),
    );

  const declared = new Set(Object.keys(kind.settingsSchema.properties));
  for (const [index, name] of (kind.settingsSchema.required ?? []).entries()) {
    if (!declared.has(name))
      problem(
        `${at}/settingsSchema/required/${index}`,
        `required setting "${name}" is not declared`,
        problemMessage("RequiredSettingUndeclared", { setting: name }),
      );
  }
  for (const [name, ui] of Object.entries(kind.settingsUi ?? {})) {
    const { properties } = kind.settingsSchema;
    // Own properties only: a setting named "constructor" must not find Object.prototype's.
    const setting = Object.hasOwn(properties, name) ? properties[name] : undefined;
    if (!setting) {
      problem(
        `${at}/settingsUi/${pointerSegment(name)}`,
        `setting "${name}" is not declared`,
        problemMessage("SettingUndeclared", { setting: name }),
      );
    } else if (ui["ui:widget"] === "textarea" && setting.type !== "string") {
      problem(
        `${at}/settingsUi/${pointerSegment(name)}/ui:widget`,
        "a text area edits a string setting",
        problemMessage("TextAreaString"),
      );
    }
  }
  for (const { pointer, key } of settingTitles(kind, at)) {
    if (!localeKeys.has(key)) {
      problem(
        pointer,
        `text key "${key}" is missing from locales/en.json`,
        problemMessage("TextKeyMissing", { key }),
      );
    }
  }

  const validate = compileSettingsSchema(kind.settingsSchema);
  if (validate instanceof Error) {
    problem(
      `${at}/settingsSchema`,
      `settings schema does not compile: ${validate.message}`,
      // ajv's own words say why; they are not translated.
      problemMessage("SettingsSchemaNoCompile", { detail: validate.message }),
    );
  } else if (!validate(kind.defaults ?? {})) {
    for (const error of validate.errors ?? []) problems.push(defaultsProblem(at, error));
  }
  return problems;
}

/** Every problem of a schema-valid widgets manifest; none means it may be served. */
export function checkWidgets(widgets: WidgetsManifest, localeKeys: LocaleKeys): ManifestProblem[] {
  const problems: ManifestProblem[] = [];
  const seen = new Map<string, number>();
  for (const [index, kind] of widgets.kinds.entries()) {
    const at = `/kinds/${index}`;
    const first = seen.get(kind.kind);
    if (first !== undefined) {
      problems.push({
        file: FILE,
        pointer: `${at}/kind`,
        reason: `duplicate kind "${kind.kind}" (also /kinds/${first})`,
        message: problemMessage("DuplicateWidgetKind", { kind: kind.kind, other: `/kinds/${first}` }),
      });
    } else seen.set(kind.kind, index);
    problems.push(...kindProblems(kind, at, localeKeys));
  }
  return problems;
}
