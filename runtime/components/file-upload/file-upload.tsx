import {
  type DragEvent,
  type ReactNode,
  type Ref,
  useEffect,
  useImperativeHandle,
  useRef,
  useState,
} from "react";
import { useTranslation } from "react-i18next";
import { acceptAttribute, type FileRules, formatBytes, selectFiles } from "../../forms/file-rules.ts";
import { describedBy, FieldFrame, fieldIds } from "../fields/field-frame.tsx";
import { useControlId } from "../fields/uid.ts";
import { type FieldHandle, type ImposedError, useFieldError } from "../fields/use-field-error.ts";
import { type UploadTarget, uploadFiles } from "./upload-request.ts";
import "./file-upload.css";

/** Props of a FileUpload. */
export interface FileUploadProps {
  /** Required stable identifier (§8), also the choose button's DOM id. */
  uid: string;
  label: ReactNode;
  /** §5 rules: maximum total size, allowed extensions, image-only, multiple. */
  rules: FileRules;
  /** Upload at once to this target (§7 multipart file[], progress); without it files go to onFiles. */
  upload?: UploadTarget;
  /** The accepted files, renamed to their sanitised names (§5). */
  onFiles?: (files: File[]) => void;
  /** §7 done handler with the upload's response. */
  onDone?: (response: unknown) => void;
  /** §7 fail handler with the ApiError. */
  onFail?: (error: unknown) => void;
  /** §5: a file of a wrong type calls this handler (on drop an alert is shown as well). */
  onWrongType?: (fileName: string) => void;
  required?: boolean;
  disabled?: boolean;
  help?: ReactNode;
  error?: ImposedError;
  className?: string;
  ref?: Ref<FieldHandle>;
}

type Status =
  | { kind: "idle" }
  | { kind: "uploading"; percent: number }
  | { kind: "done" }
  | { kind: "failed" };

/** Picks files by click or drag and drop, applies the §5 rules and optionally uploads them with progress. */
export function FileUpload(props: FileUploadProps) {
  const { t, i18n } = useTranslation();
  const id = useControlId("FileUpload", props.uid);
  const ids = fieldIds(id);
  const input = useRef<HTMLInputElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const [files, setFiles] = useState<File[]>([]);
  const [ruleError, setRuleError] = useState<string | null>(null);
  const [alertFile, setAlertFile] = useState<string | null>(null);
  const [dragging, setDragging] = useState(false);
  const [status, setStatus] = useState<Status>({ kind: "idle" });
  const pending = useRef<AbortController | null>(null);
  useEffect(() => () => pending.current?.abort(), []);
  const field = useFieldError(
    files.map((file) => file.name),
    { required: props.required, disabled: props.disabled },
    props.error,
  );
  useImperativeHandle(props.ref, () => ({ focus: () => button.current?.focus(), validate: field.validate }), [
    field.validate,
  ]);

  const take = (list: File[], source: "pick" | "drop") => {
    if (props.disabled || status.kind === "uploading") return;
    field.onEdit();
    setRuleError(null);
    setAlertFile(null);
    const result = selectFiles(list, props.rules);
    if (!result.ok) {
      if (result.reason === "WrongFileType") {
        props.onWrongType?.(result.fileName);
        if (source === "drop") setAlertFile(result.fileName);
        else setRuleError(t("WrongFileType"));
      } else if (result.reason === "MaxSizeExceeded") {
        setRuleError(t("MaxSizeExceeded", { size: formatBytes(result.maxBytes, i18n.language) }));
      }
      return;
    }
    const renamed = result.files.map(({ file, name }) =>
      name === file.name
        ? file
        : new File([file], name, { type: file.type, lastModified: file.lastModified }),
    );
    setFiles(renamed);
    props.onFiles?.(renamed);
    if (props.upload) send(props.upload, renamed);
  };

  const send = (target: UploadTarget, chosen: File[]) => {
    pending.current?.abort();
    const controller = new AbortController();
    pending.current = controller;
    setStatus({ kind: "uploading", percent: 0 });
    uploadFiles(
      target,
      chosen.map((file) => ({ file, name: file.name })),
      { signal: controller.signal, onProgress: (percent) => setStatus({ kind: "uploading", percent }) },
    ).then(
      (response) => {
        setStatus({ kind: "done" });
        props.onDone?.(response);
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        setStatus({ kind: "failed" });
        props.onFail?.(error);
      },
    );
  };

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    take([...event.dataTransfer.files], "drop");
  };
  const error = ruleError ?? field.error;
  const buttonTextId = `${id}-choose`;
  return (
    <FieldFrame
      ids={ids}
      label={props.label}
      required={props.required}
      help={props.help}
      error={error}
      disabled={props.disabled}
      className={["kit-upload", props.className].filter(Boolean).join(" ")}
    >
      <fieldset
        aria-labelledby={ids.labelId}
        disabled={props.disabled}
        className={dragging ? "kit-upload__zone kit-upload__zone--over" : "kit-upload__zone"}
        onDragOver={(event) => {
          event.preventDefault();
          if (!props.disabled) setDragging(true);
        }}
        onDragLeave={(event) => {
          // Moving over the zone's own children fires dragleave too; only leaving the zone counts.
          if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setDragging(false);
        }}
        onDrop={onDrop}
      >
        <input
          ref={input}
          id={`${id}-input`}
          type="file"
          tabIndex={-1}
          aria-hidden="true"
          className="kit-visually-hidden"
          accept={acceptAttribute(props.rules)}
          multiple={props.rules.multiple}
          disabled={props.disabled}
          onChange={(event) => {
            take([...(event.target.files ?? [])], "pick");
            event.target.value = "";
          }}
        />
        <button
          ref={button}
          id={id}
          type="button"
          className="kit-button"
          disabled={props.disabled || status.kind === "uploading"}
          aria-labelledby={`${ids.labelId} ${buttonTextId}`}
          aria-describedby={describedBy(ids, props.help, error)}
          aria-invalid={error ? true : undefined}
          onClick={() => input.current?.click()}
          onBlur={field.onBlur}
        >
          <span id={buttonTextId}>
            {props.rules.multiple ? t("FileUpload_ChooseFiles") : t("FileUpload_ChooseFile")}
          </span>
        </button>
        <span className="kit-upload__hint">{t("FileUpload_OrDrop")}</span>
      </fieldset>
      {alertFile ? (
        <div role="alert" className="kit-upload__alert">
          <p className="kit-upload__alert-title">{t("WrongFileType")}</p>
          <p>{t("WrongFileTypeText")}</p>
          <button type="button" className="kit-button" onClick={() => setAlertFile(null)}>
            {t("FileUpload_DismissAlert")}
          </button>
        </div>
      ) : null}
      {files.length > 0 ? (
        <ul className="kit-upload__files" aria-label={t("FileUpload_SelectedFiles")}>
          {files.map((file) => (
            <li key={`${file.name}-${file.size}`}>
              {file.name} <span className="kit-upload__size">{formatBytes(file.size, i18n.language)}</span>
            </li>
          ))}
        </ul>
      ) : null}
      <UploadStatus status={status} labelId={ids.labelId} />
    </FieldFrame>
  );
}

function UploadStatus({ status, labelId }: { status: Status; labelId: string }) {
  const { t } = useTranslation();
  if (status.kind === "idle") return null;
  return (
    <div className="kit-upload__status" role="status">
      {status.kind === "uploading" ? (
        <>
          <progress value={status.percent} max={100} aria-labelledby={labelId} />
          <span>{t("FileUpload_Progress", { percent: status.percent })}</span>
        </>
      ) : (
        <span className={status.kind === "failed" ? "kit-upload__failed" : undefined}>
          {status.kind === "done" ? t("FileUpload_Done") : t("FileUpload_Failed")}
        </span>
      )}
    </div>
  );
}
