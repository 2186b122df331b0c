import type { ErrorSchema } from "@rjsf/utils";
import { type ReactNode, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import type { ScreenDetail } from "../../schemas/screens.ts";
import { createFormValidator } from "./form-validator.ts";
import { formInitialValues, formValuesToSend } from "./form-values.ts";
import { ThemedForm } from "./rjsf-theme.tsx";
import { deriveScreenForm, type FormMode } from "./screen-form.ts";

type FormData = Record<string, unknown>;

const DEFAULTS_BEHAVIOUR = { constAsDefaults: "skipOneOf" } as const;

/** Props of a ManifestForm. */
export interface ManifestFormProps {
  /** DOM id of the form; footer buttons outside it submit with `form={id}`; also prefixes the field ids. */
  id: string;
  /** The screen's detail form (screens manifest). */
  detail: ScreenDetail;
  /** Create (empty, read-only fields left out) or edit (default). */
  mode?: FormMode;
  /** The record as loaded with GET {list endpoint}/{rowKey}; null for a new one. */
  record?: Readonly<FormData> | null;
  /** §6: without Write on the admin module every input is disabled (and nothing is submitted). */
  readOnly?: boolean;
  /** Called after the §5 rules pass, with the body to send (form-values.ts) and the full form data. */
  onSubmit?: (body: FormData, data: FormData) => void;
  onChange?: (data: FormData) => void;
  /** Errors the upstream reported, by field name (shown like validation errors, cleared on change). */
  fieldErrors?: Readonly<Record<string, string>>;
  /** Buttons rendered inside the form (type="submit" submits it). */
  children?: ReactNode;
  className?: string;
}

/**
 * A screen's detail form rendered with @rjsf/core and the kit's theme: the schema and uiSchema derived
 * from the manifest (screen-form.ts), validated by interpretation under the CSP (form-validator.ts),
 * labels and messages in the UI language.
 */
export function ManifestForm(props: ManifestFormProps) {
  const { t, i18n } = useTranslation();
  const mode = props.mode ?? "edit";
  const { detail, record = null } = props;
  const language = i18n.language;
  // biome-ignore lint/correctness/useExhaustiveDependencies: texts are re-derived when the language changes
  const derived = useMemo(() => deriveScreenForm(detail, mode, t), [detail, mode, t, language]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: messages follow the language
  const validator = useMemo(() => createFormValidator<FormData>(t), [t, language]);

  const [source, setSource] = useState({ detail, mode, record });
  const [data, setData] = useState<FormData>(() => formInitialValues(detail, mode, record));
  if (source.detail !== detail || source.mode !== mode || source.record !== record) {
    setSource({ detail, mode, record });
    setData(formInitialValues(detail, mode, record));
  }
  const extraErrors = useMemo(() => toErrorSchema(props.fieldErrors), [props.fieldErrors]);

  return (
    <ThemedForm
      id={props.id}
      idPrefix={props.id}
      className={["kit-form", props.className].filter(Boolean).join(" ")}
      schema={derived.schema}
      uiSchema={derived.uiSchema}
      validator={validator}
      formData={data}
      disabled={props.readOnly}
      noHtml5Validate
      showErrorList="top"
      focusOnFirstError
      extraErrors={extraErrors}
      // A select's options are oneOf consts; rjsf would otherwise preselect the first one as a default.
      experimental_defaultFormStateBehavior={DEFAULTS_BEHAVIOUR}
      onChange={(event) => {
        const next = (event.formData ?? {}) as FormData;
        setData(next);
        props.onChange?.(next);
      }}
      onSubmit={(event) => {
        // §6: a read-only form never submits, whatever button triggered it.
        if (props.readOnly) return;
        const submitted = (event.formData ?? {}) as FormData;
        props.onSubmit?.(formValuesToSend(detail, mode, submitted), submitted);
      }}
    >
      {props.children}
    </ThemedForm>
  );
}

function toErrorSchema(fieldErrors: Readonly<Record<string, string>> | undefined): ErrorSchema | undefined {
  if (!fieldErrors) return undefined;
  const schema: Record<string, { __errors: string[] }> = {};
  for (const [name, message] of Object.entries(fieldErrors)) schema[name] = { __errors: [message] };
  return schema as ErrorSchema;
}
