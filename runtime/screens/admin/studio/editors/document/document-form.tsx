/**
 * The form of one item of a manifest document: rjsf over the schema the form renders (labels in the
 * UI language, constraint-only parts left out: document-form-model.ts formSchema), the data exactly
 * as given (FORM_DEFAULTS_BEHAVIOUR), and beside each field the problems the full item schema finds —
 * the same validator and messages as the raw JSON editor.
 */
import type { RJSFSchema, UiSchema } from "@rjsf/utils";
import { useEffect, useMemo } from "react";
import { useTranslation } from "react-i18next";
import {
  FORM_DEFAULTS_BEHAVIOUR,
  type FormTexts,
  formSchema,
  formUiSchema,
  propertyTextKey,
  readableName,
} from "./document-form-model.ts";
import { type DocumentFormContext, DocumentThemedForm, rjsfTranslator } from "./document-form-theme.tsx";
import { createDocumentFormValidator, problemsErrorSchema } from "./document-form-validator.ts";
import { pointerTokens } from "./json-source-map.ts";
import { describe, useSchemaDescriptions } from "./schema-descriptions.ts";
import { type JsonSchemaObject, problemMessage, schemaProblems } from "./schema-validation.ts";

/** A request to bring a pointer into view; a new `nonce` repeats the same pointer. */
export interface FocusRequest {
  pointer: string;
  nonce: number;
}

/** Props of a DocumentForm. */
export interface DocumentFormProps {
  /** Prefix of every field's DOM id; unique on the page. */
  idPrefix: string;
  /** The item's JSON Schema (document-form-model.ts itemSchema): validated in full. */
  schema: JsonSchemaObject;
  value: unknown;
  /** §6: every input disabled. */
  readOnly: boolean;
  /** The accessible name of the form. */
  label: string;
  /** The text of a key in the UI language, for the text-key fields' help. */
  textOf: (key: string) => string | undefined;
  onChange: (value: unknown) => void;
  /** A pointer inside the item whose field takes focus. */
  focus: FocusRequest | null;
}

/** The DOM id of the field at `pointer` (rjsf's ids: the prefix and the path joined by "_"). */
export function fieldDomId(idPrefix: string, pointer: string): string {
  return [idPrefix, ...pointerTokens(pointer)].join("_");
}

/** Focuses the field at `pointer`, or the nearest enclosing one that is on the page; whether it found one. */
export function focusField(idPrefix: string, pointer: string): boolean {
  const tokens = pointerTokens(pointer);
  for (let length = tokens.length; length >= 0; length--) {
    const element = document.getElementById([idPrefix, ...tokens.slice(0, length)].join("_"));
    if (!element) continue;
    const target = element.matches("input, select, textarea, button, [tabindex]")
      ? element
      : element.querySelector<HTMLElement>("input, select, textarea, button, [tabindex]");
    (target ?? element).scrollIntoView({ block: "center" });
    (target ?? element).focus();
    return true;
  }
  return false;
}

/** The form of one item; every change hands back the item's whole new value. */
export function DocumentForm(props: DocumentFormProps) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  // English until the UI language's descriptions have arrived (their own chunk).
  const descriptions = useSchemaDescriptions(language);
  // biome-ignore lint/correctness/useExhaustiveDependencies: labels follow the UI language
  const texts = useMemo<FormTexts>(
    () => ({
      property: (name) => t(propertyTextKey(name), { defaultValue: readableName(name) }),
      description: (description) => describe(descriptions, description),
      type: (type) => t(`StudioDocument_Type_${type}`),
      option: (n) => t("StudioForm_Option", { p1: n }),
    }),
    [t, language, descriptions],
  );
  const rendered = useMemo(() => formSchema(props.schema, texts) as RJSFSchema, [props.schema, texts]);
  const uiSchema = useMemo<UiSchema>(
    () => ({ ...formUiSchema(props.schema), "ui:submitButtonOptions": { norender: true } }),
    [props.schema],
  );
  // biome-ignore lint/correctness/useExhaustiveDependencies: messages follow the UI language
  const validator = useMemo(() => createDocumentFormValidator(t), [t, language]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: rjsf's own texts follow the UI language
  const translateString = useMemo(() => rjsfTranslator(t), [t, language]);
  const problems = useMemo(() => schemaProblems(props.schema, props.value), [props.schema, props.value]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: messages follow the UI language
  const extraErrors = useMemo(() => problemsErrorSchema(problems, t), [problems, t, language]);
  const { textOf } = props;
  const formContext = useMemo<DocumentFormContext>(() => ({ textOf }), [textOf]);

  const { focus, idPrefix } = props;
  useEffect(() => {
    if (focus) focusField(idPrefix, focus.pointer);
  }, [focus, idPrefix]);

  return (
    <section className="studio-doc-form" aria-label={props.label}>
      {problems.length > 0 ? (
        <div className="studio-doc-form__problems" role="status">
          <p className="studio-doc-form__problems-title">
            {t("StudioDocument_ProblemsInItem", { count: problems.length })}
          </p>
          <ul>
            {problems.map((problem) => (
              <li key={`${problem.pointer} ${problem.keyword} ${JSON.stringify(problem.params)}`}>
                <button
                  type="button"
                  className="studio-doc__link"
                  onClick={() => focusField(idPrefix, problem.pointer)}
                >
                  {readablePath(problem.pointer, texts, t("StudioDocument_WholeEntry"))}
                </button>
                {": "}
                {problemMessage(problem, t)}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      <DocumentThemedForm
        idPrefix={props.idPrefix}
        className="kit-form studio-doc-form__form"
        schema={rendered}
        uiSchema={uiSchema}
        validator={validator}
        formData={props.value}
        formContext={formContext}
        translateString={translateString}
        disabled={props.readOnly}
        noHtml5Validate
        showErrorList={false}
        extraErrors={extraErrors}
        experimental_defaultFormStateBehavior={FORM_DEFAULTS_BEHAVIOUR}
        onChange={(event) => {
          if (!props.readOnly) props.onChange(event.formData);
        }}
        onSubmit={() => undefined}
      />
    </section>
  );
}

/** A pointer inside an item in words: its properties' labels and the entries' numbers (`root` for ""). */
export function readablePath(pointer: string, texts: Pick<FormTexts, "property">, root: string): string {
  const tokens = pointerTokens(pointer);
  if (tokens.length === 0) return root;
  return tokens
    .map((token) => (/^\d+$/.test(token) ? String(Number(token) + 1) : texts.property(token)))
    .join(" › ");
}
