import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import "../kit.css";
import "./fields.css";

/** The ids a control links to its label, help and error. */
export interface FieldIds {
  id: string;
  labelId: string;
  helpId: string;
  errorId: string;
}

/** The ids of the parts of the field whose control has DOM id `id`. */
export function fieldIds(id: string): FieldIds {
  return { id, labelId: `${id}-label`, helpId: `${id}-help`, errorId: `${id}-error` };
}

/** The aria-describedby of a control: its help and, while shown, its error. */
export function describedBy(ids: FieldIds, help: ReactNode, error: string | null): string | undefined {
  const parts = [help ? ids.helpId : null, error ? ids.errorId : null].filter(Boolean);
  return parts.length > 0 ? parts.join(" ") : undefined;
}

/** Props of the frame around a control. */
export interface FieldFrameProps {
  ids: FieldIds;
  label: ReactNode;
  /** Visually hides the label (it still names the control). */
  hideLabel?: boolean;
  required?: boolean;
  help?: ReactNode;
  /** The error (an i18n key or a message); translated here. */
  error: string | null;
  disabled?: boolean;
  /** Where the label goes: above the control, or after it (checkboxes). */
  layout?: "stacked" | "inline";
  className?: string;
  children: ReactNode;
}

/** Label, control, help text and error of one form field (§5), linked for assistive technology. */
export function FieldFrame(props: FieldFrameProps) {
  const { t } = useTranslation();
  const { ids, error, layout = "stacked" } = props;
  const label = (
    <label
      id={ids.labelId}
      htmlFor={ids.id}
      className={props.hideLabel ? "kit-field__label kit-visually-hidden" : "kit-field__label"}
    >
      {props.label}
      {props.required ? (
        <span className="kit-field__required" aria-hidden="true">
          *
        </span>
      ) : null}
    </label>
  );
  const classes = ["kit-field", `kit-field--${layout}`, props.className];
  if (error) classes.push("kit-field--invalid");
  if (props.disabled) classes.push("kit-field--disabled");
  return (
    <div className={classes.filter(Boolean).join(" ")}>
      {layout === "inline" ? (
        <div className="kit-field__inline">
          {props.children}
          {label}
        </div>
      ) : (
        <>
          {label}
          {props.children}
        </>
      )}
      {props.help ? (
        <p id={ids.helpId} className="kit-field__help">
          {props.help}
        </p>
      ) : null}
      {/* Always present so the appearing error is announced politely. */}
      <p id={ids.errorId} className="kit-field__error" aria-live="polite">
        {error ? t(error) : null}
      </p>
    </div>
  );
}
