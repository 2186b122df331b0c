/**
 * The rjsf theme of the shell: the kit's widgets and templates, the remote select field and the
 * validator that interprets the derived schemas without eval (CSP). `ThemedForm` is @rjsf/core's Form
 * with the theme applied.
 */
import { type ThemeProps, withTheme } from "@rjsf/core";
import { RemoteSelectField } from "./remote-select-field.tsx";
import { submitButtonTemplate, templates } from "./rjsf-templates.tsx";
import { widgets } from "./rjsf-widgets.tsx";
import { REMOTE_SELECT_FIELD } from "./screen-form.ts";
import "./forms.css";

/** The theme: widgets, templates and fields mapped to the component kit. */
export const tesseraTheme: ThemeProps = {
  widgets,
  templates: { ...templates, ButtonTemplates: submitButtonTemplate },
  fields: { [REMOTE_SELECT_FIELD]: RemoteSelectField },
};

/** @rjsf/core's Form themed with the component kit. */
export const ThemedForm = withTheme(tesseraTheme);
