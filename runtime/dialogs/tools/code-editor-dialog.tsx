/**
 * The code editor and the query builder (§2.5 registry). Without a language
 * service on this server, the editor is a monospace editor with the kit's
 * validation (JSON parsed; brackets and quotes balanced for the others); the
 * query builder composes a query for a connection the user can see. Both hand
 * the text back to the opener (onClose result); neither runs anything.
 */
import { useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { TextField } from "../../components/fields/text-field.tsx";
import type { FieldHandle } from "../../components/fields/use-field-error.ts";
import { Select } from "../../components/select/select.tsx";
import { useApi } from "../../http/use-api.ts";
import { DialogButton, DialogCloseButton, DialogFrame } from "../dialog-frame.tsx";
import type { DialogProps } from "../dialog-props.ts";
import { LoadState } from "../dialog-status.tsx";
import { type LibraryObject, plainListPath } from "../objects/object-api.ts";
import { CODE_LANGUAGES, codeError } from "./code-check.ts";

function Editor(props: {
  language: string;
  initial: string;
  label: string;
  onDone: (code: string) => void;
  extra?: React.ReactNode;
}) {
  const { t } = useTranslation();
  const formId = useId();
  const [code, setCode] = useState(props.initial);
  const field = useRef<FieldHandle>(null);
  const onSubmit = (event: { preventDefault(): void }) => {
    event.preventDefault();
    if (field.current?.validate() ?? false) props.onDone(code);
  };
  return (
    <DialogFrame
      size="l"
      footer={
        <>
          <DialogCloseButton />
          <DialogButton variant="primary" form={formId}>
            {t("CodeEditor_Apply")}
          </DialogButton>
        </>
      }
    >
      <form id={formId} className="dialog-form" onSubmit={onSubmit} noValidate>
        {props.extra}
        <TextField
          ref={field}
          uid="CodeEditor_Code"
          label={props.label}
          help={t("CodeEditor_Language", { language: props.language })}
          value={code}
          onChange={setCode}
          multiline
          rows={16}
          monospace
          validators={[(value) => codeError(props.language, value)]}
        />
      </form>
    </DialogFrame>
  );
}

/** The code editor (optional language: json, sql, javascript or text). */
export function CodeEditorDialog({ entry, props, close }: DialogProps) {
  const { t } = useTranslation();
  const asked = typeof entry.params.language === "string" ? entry.params.language.toLowerCase() : "text";
  const language = (CODE_LANGUAGES as readonly string[]).includes(asked) ? asked : "text";
  const initial = typeof props.code === "string" ? props.code : "";
  return (
    <Editor
      language={language}
      initial={initial}
      label={t("CodeEditor_Code")}
      onDone={(code) => close(code)}
    />
  );
}

/** The query builder (optional connectionRecId). */
export function QueryBuilderDialog({ entry, props, close }: DialogProps) {
  const { t } = useTranslation();
  const { state } = useApi<LibraryObject[]>(plainListPath("DataConnection"), { quietNotFound: true });
  const given = entry.params.connectionRecId;
  const [connection, setConnection] = useState<number | null>(typeof given === "number" ? given : null);
  const initial = typeof props.query === "string" ? props.query : "";
  const options = state.status === "ready" ? state.data.map((c) => ({ label: c.Name, value: c.RecId })) : [];
  const picker = (
    <>
      <LoadState state={state} />
      <Select
        uid="QueryBuilder_Connection"
        label={t("QueryBuilder_Connection")}
        options={options}
        value={connection}
        onChange={(value) => setConnection(typeof value === "number" ? value : null)}
        required
      />
      <p className="dialog-note">{t("QueryBuilder_NotRun")}</p>
    </>
  );
  return (
    <Editor
      language="sql"
      initial={initial}
      label={t("QueryBuilder_Query")}
      extra={picker}
      onDone={(query) => close({ connectionRecId: connection, query })}
    />
  );
}
