/**
 * rjsf templates of the theme: the kit fields draw their own label, help and errors, so the field
 * template only places them; the object template lays out the manifest's groups (titled sections of
 * one or two columns, wide fields spanning the row); the error list links each error to its field.
 */
import type {
  DescriptionFieldProps,
  ErrorListProps,
  FieldTemplateProps,
  ObjectFieldTemplateProps,
  SubmitButtonProps,
  TemplatesType,
} from "@rjsf/utils";
import { getSubmitButtonOptions, getUiOptions } from "@rjsf/utils";
import { useTranslation } from "react-i18next";
import type { FormGroupLayout } from "./screen-form.ts";

/** Places one field; hidden fields keep their data without a visible control. */
export function FieldTemplate(props: FieldTemplateProps) {
  if (props.hidden) return <div hidden>{props.children}</div>;
  return (
    <div className={["kit-form__field", props.classNames].filter(Boolean).join(" ")}>{props.children}</div>
  );
}

/** Lays out the root object in the manifest's groups (ui:options.groups), or all fields in one column. */
export function ObjectFieldTemplate(props: ObjectFieldTemplateProps) {
  const groups = getUiOptions(props.uiSchema).groups as FormGroupLayout[] | undefined;
  const byName = new Map(props.properties.map((property) => [property.name, property]));
  if (!groups) {
    return <div className="kit-form__group">{props.properties.map((property) => property.content)}</div>;
  }
  return (
    <>
      {groups.map((group) => (
        <fieldset key={group.id} className={`kit-form__group kit-form__group--columns-${group.columns}`}>
          {group.title ? <legend className="kit-form__legend">{group.title}</legend> : null}
          {group.fields.map(({ name, wide }) => {
            const property = byName.get(name);
            if (!property) return null;
            return (
              <div
                key={name}
                className={wide ? "kit-form__cell kit-form__cell--wide" : "kit-form__cell"}
                hidden={property.hidden || undefined}
              >
                {property.content}
              </div>
            );
          })}
        </fieldset>
      ))}
    </>
  );
}

/** The id rjsf gives the control of the field at `property` (".Name" → "root_Name"). */
export function fieldIdOf(property: string | undefined, idPrefix: string, idSeparator: string): string {
  const segments = (property ?? "").split(".").filter(Boolean);
  return [idPrefix, ...segments].join(idSeparator);
}

/** The summary of errors after a submit: each error links to (and focuses) its field. */
export function ErrorListTemplate(props: ErrorListProps) {
  const { t } = useTranslation();
  const { idPrefix, idSeparator } = props.registry.globalFormOptions;
  return (
    <div className="kit-form__errors" role="alert">
      <p className="kit-form__errors-title">{t("Form_ErrorsTitle")}</p>
      <ul>
        {props.errors.map((error, index) => {
          const id = fieldIdOf(error.property, idPrefix, idSeparator);
          return (
            // biome-ignore lint/suspicious/noArrayIndexKey: the same message may repeat; the list is static
            <li key={index}>
              <a
                href={`#${id}`}
                onClick={(event) => {
                  const target = document.getElementById(id);
                  if (!target) return;
                  event.preventDefault();
                  target.focus();
                }}
              >
                {error.stack}
              </a>
            </li>
          );
        })}
      </ul>
    </div>
  );
}

/** A field description under its title. */
export function DescriptionFieldTemplate(props: DescriptionFieldProps) {
  if (!props.description) return null;
  return (
    <p id={props.id} className="kit-form__description">
      {props.description}
    </p>
  );
}

/** The submit button rjsf renders when the form has no children, unless ui:submitButtonOptions hides it. */
export function SubmitButton(props: SubmitButtonProps) {
  const { t } = useTranslation();
  if (getSubmitButtonOptions(props.uiSchema).norender) return null;
  return (
    <button type="submit" className="kit-button kit-button--primary">
      {t("Form_Submit")}
    </button>
  );
}

/** Errors and help are drawn by the kit fields themselves. */
function Nothing() {
  return null;
}

/** The templates of the theme. */
export const templates: Partial<TemplatesType> = {
  FieldTemplate,
  ObjectFieldTemplate,
  ErrorListTemplate,
  DescriptionFieldTemplate,
  FieldErrorTemplate: Nothing,
  FieldHelpTemplate: Nothing,
};

/** The button templates of the theme (only submit is styled; arrays of inputs are outside the vocabulary). */
export const submitButtonTemplate = { SubmitButton };
