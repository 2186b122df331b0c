/**
 * The rjsf theme of the document forms: the shell's form theme (runtime/forms/: the kit's widgets
 * and the field template) with what a manifest item needs beyond a screen's detail form — nested
 * objects as titled groups, lists with add, move and remove, maps whose keys are edited, a choice
 * between alternatives — every text through i18next, every button named for screen readers.
 */
import { type ThemeProps, withTheme } from "@rjsf/core";
import {
  ADDITIONAL_PROPERTY_FLAG,
  type ArrayFieldItemButtonsTemplateProps,
  type ArrayFieldItemTemplateProps,
  type ArrayFieldTemplateProps,
  buttonId,
  canExpand,
  type DescriptionFieldProps,
  englishStringTranslator,
  type FieldTemplateProps,
  getTemplate,
  getUiOptions,
  type IconButtonProps,
  type MultiSchemaFieldTemplateProps,
  type ObjectFieldTemplateProps,
  type RegistryWidgetsType,
  type TitleFieldProps,
  TranslatableString,
  type UnsupportedFieldProps,
  type WidgetProps,
  type WrapIfAdditionalTemplateProps,
} from "@rjsf/utils";
import { type ComponentType, useState } from "react";
import { useTranslation } from "react-i18next";
import { textKey as textKeySchema } from "../../../../../../schemas/common.ts";
import { TextField } from "../../../../../components/fields/text-field.tsx";
import { widgets as kitWidgets } from "../../../../../forms/rjsf-widgets.tsx";
import "../../../../../forms/forms.css";
import "./document-editor.css";

/** What the form's fields read besides the schema: the texts of the UI language, for text keys. */
export interface DocumentFormContext {
  /** The text of a key in the UI language as the draft would publish it; undefined when there is none. */
  textOf: (key: string) => string | undefined;
}

/**
 * The label of a list entry: rjsf names the n-th entry "‹list›-n"; the form shows "‹list› n". Only
 * an entry's own field (its id ends with _‹n-1›) is renamed, never a title that ends in digits.
 */
export function entryTitle(title: string, id: string): string {
  return title.replace(/-(\d+)$/, (whole, n: string) => (id.endsWith(`_${Number(n) - 1}`) ? ` ${n}` : whole));
}

const isPrimitive = (schema: { type?: unknown; properties?: unknown; items?: unknown }) =>
  schema.type !== "object" &&
  schema.type !== "array" &&
  schema.properties === undefined &&
  schema.items === undefined;

/**
 * A kit widget whose help shows the property's description and, for a text key, the text it
 * stands for in the UI language (the kit widgets read the help from ui:help).
 */
function describedWidget(Widget: ComponentType<WidgetProps>): ComponentType<WidgetProps> {
  function Described(props: WidgetProps) {
    const { t } = useTranslation();
    const context = props.registry.formContext as DocumentFormContext | undefined;
    const parts: string[] = [];
    if (typeof props.schema.description === "string") parts.push(props.schema.description);
    if (
      props.schema.pattern === textKeySchema.pattern &&
      typeof props.value === "string" &&
      props.value !== ""
    ) {
      const shown = context?.textOf(props.value);
      parts.push(
        shown === undefined ? t("StudioForm_TextKeyMissing") : t("StudioForm_TextKeyShows", { text: shown }),
      );
    }
    const own = props.uiSchema?.["ui:help"];
    const help = typeof own === "string" ? own : parts.join(" ");
    return (
      <Widget
        {...props}
        label={entryTitle(props.label, props.id)}
        uiSchema={{ ...props.uiSchema, "ui:help": help || undefined }}
      />
    );
  }
  Described.displayName = `Described(${Widget.displayName ?? Widget.name})`;
  return Described;
}

const described = Object.fromEntries(
  Object.entries(kitWidgets).map(([name, widget]) => [
    name,
    describedWidget(widget as ComponentType<WidgetProps>),
  ]),
) as RegistryWidgetsType;

/** Every widget rjsf may pick for a manifest value, mapped to the kit's controls. */
const widgets: RegistryWidgetsType = {
  ...described,
  URLWidget: described.TextWidget as ComponentType<WidgetProps>,
  RangeWidget: described.TextWidget as ComponentType<WidgetProps>,
  RadioWidget: described.SelectWidget as ComponentType<WidgetProps>,
  CheckboxesWidget: described.SelectWidget as ComponentType<WidgetProps>,
};

/** Places one field; containers (objects, lists) show their own errors under them. */
function FieldTemplate(props: FieldTemplateProps) {
  const { t } = useTranslation();
  const uiOptions = getUiOptions(props.uiSchema);
  const WrapIfAdditional = getTemplate("WrapIfAdditionalTemplate", props.registry, uiOptions);
  if (props.hidden) return <div hidden>{props.children}</div>;
  const errors = !props.hideError && !isPrimitive(props.schema) ? (props.rawErrors ?? []) : [];
  // An optional object the item has can be taken out whole (a map entry has its own remove button).
  const removable =
    isOptionalObject(props.schema, props.required, props.fieldPathId.path.length) &&
    props.formData !== undefined &&
    !(ADDITIONAL_PROPERTY_FLAG in props.schema);
  return (
    <WrapIfAdditional {...props}>
      <div className={["kit-form__field", props.classNames].filter(Boolean).join(" ")}>
        {props.children}
        {removable ? (
          <button
            type="button"
            id={buttonId(props.fieldPathId, "remove")}
            className="kit-button studio-doc-form__add"
            disabled={props.disabled || props.readonly}
            onClick={() => props.onChange(undefined, props.fieldPathId.path)}
          >
            <span aria-hidden="true">✕</span> {t("StudioForm_RemoveOptional", { title: props.label })}
          </button>
        ) : null}
        {errors.length > 0 ? (
          <ul className="studio-doc-form__errors" id={`${props.id}-errors`}>
            {errors.map((error) => (
              <li key={error} className="kit-field__error">
                {error}
              </li>
            ))}
          </ul>
        ) : null}
      </div>
    </WrapIfAdditional>
  );
}

/** An object property the item may leave out (not the root, not required, not a list entry). */
function isOptionalObject(
  schema: { type?: unknown; properties?: unknown },
  required: boolean | undefined,
  depth: number,
) {
  return (
    depth > 0 &&
    !required &&
    (schema.type === "object" || (schema.type === undefined && schema.properties !== undefined))
  );
}

/** The root object lays its fields out in a grid; a nested object is a titled group. */
function ObjectFieldTemplate(props: ObjectFieldTemplateProps) {
  const { t } = useTranslation();
  const properties = (props.schema.properties ?? {}) as Record<
    string,
    { type?: unknown; properties?: unknown }
  >;
  const root = props.fieldPathId.path.length === 0;
  const { AddButton } = props.registry.templates.ButtonTemplates;
  const fields = (
    <div className="studio-doc-form__grid">
      {props.properties.map((property) => {
        const schema = properties[property.name];
        const wide = !schema || !isPrimitive(schema);
        return (
          <div
            key={property.name}
            className={wide ? "studio-doc-form__cell studio-doc-form__cell--wide" : "studio-doc-form__cell"}
            hidden={property.hidden || undefined}
          >
            {property.content}
          </div>
        );
      })}
      {canExpand(props.schema, props.uiSchema, props.formData) ? (
        <div className="studio-doc-form__cell studio-doc-form__cell--wide">
          <AddButton
            id={buttonId(props.fieldPathId, "add")}
            className="studio-doc-form__add"
            onClick={props.onAddProperty}
            disabled={props.disabled || props.readonly}
            uiSchema={props.uiSchema}
            registry={props.registry}
            aria-label={t("StudioForm_AddEntryTo", { title: props.title })}
          />
        </div>
      ) : null}
    </div>
  );
  if (root) return fields;
  const title = entryTitle(props.title, props.fieldPathId.$id);
  // An optional object the item does not have: folded, so its fields do not crowd the form; filling
  // one creates it.
  if (
    isOptionalObject(props.schema, props.required, props.fieldPathId.path.length) &&
    props.formData === undefined
  ) {
    return (
      <details id={props.fieldPathId.$id} className="studio-doc-form__group studio-doc-form__absent">
        <summary className="studio-doc-form__legend">
          {title} <span className="studio-doc-form__not-set">{t("StudioForm_OptionalEmpty")}</span>
        </summary>
        {props.description ? <p className="kit-form__description">{props.description}</p> : null}
        {fields}
      </details>
    );
  }
  return (
    <fieldset id={props.fieldPathId.$id} className="studio-doc-form__group">
      <legend className="studio-doc-form__legend">
        {title}
        {props.required ? (
          <span className="kit-field__required" aria-hidden="true">
            *
          </span>
        ) : null}
      </legend>
      {props.description ? <p className="kit-form__description">{props.description}</p> : null}
      {fields}
    </fieldset>
  );
}

/** A list: its entries, each with its move and remove buttons, and the add button. */
function ArrayFieldTemplate(props: ArrayFieldTemplateProps) {
  const { t } = useTranslation();
  const { AddButton } = props.registry.templates.ButtonTemplates;
  const description = getUiOptions(props.uiSchema).description ?? props.schema.description;
  return (
    <fieldset id={props.fieldPathId.$id} className="studio-doc-form__group studio-doc-form__list">
      <legend className="studio-doc-form__legend">
        {props.title}
        {props.required ? (
          <span className="kit-field__required" aria-hidden="true">
            *
          </span>
        ) : null}
      </legend>
      {typeof description === "string" && description ? (
        <p className="kit-form__description">{description}</p>
      ) : null}
      {props.items.length === 0 ? (
        <p className="studio-doc-form__empty">{t("StudioForm_ListEmpty")}</p>
      ) : null}
      <ol className="studio-doc-form__entries">{props.items}</ol>
      {props.canAdd ? (
        <AddButton
          id={buttonId(props.fieldPathId, "add")}
          className="studio-doc-form__add"
          onClick={props.onAddClick}
          disabled={props.disabled || props.readonly}
          uiSchema={props.uiSchema}
          registry={props.registry}
          aria-label={t("StudioForm_AddEntryTo", { title: props.title })}
        />
      ) : null}
    </fieldset>
  );
}

/** One entry of a list, named "‹list› ‹n› of ‹count›" for screen readers. */
function ArrayFieldItemTemplate(props: ArrayFieldItemTemplateProps) {
  const { t } = useTranslation();
  const Buttons = getTemplate("ArrayFieldItemButtonsTemplate", props.registry, getUiOptions(props.uiSchema));
  return (
    <li
      className="studio-doc-form__entry"
      aria-label={t("StudioForm_EntryOf", { n: props.index + 1, count: props.totalItems })}
    >
      <div className="studio-doc-form__entry-body">{props.children}</div>
      {props.hasToolbar ? (
        <div className="studio-doc-form__entry-tools">
          <Buttons {...props.buttonsProps} />
        </div>
      ) : null}
    </li>
  );
}

/** An entry's buttons, each named with the entry's number ("Move entry 2 up"). */
function ArrayFieldItemButtonsTemplate(props: ArrayFieldItemButtonsTemplateProps) {
  const { t } = useTranslation();
  const { MoveUpButton, MoveDownButton, CopyButton, RemoveButton } = props.registry.templates.ButtonTemplates;
  const n = props.index + 1;
  const off = props.disabled || props.readonly;
  const common = { uiSchema: props.uiSchema, registry: props.registry };
  return (
    <>
      {props.hasMoveUp || props.hasMoveDown ? (
        <>
          <MoveUpButton
            {...common}
            id={buttonId(props.fieldPathId, "moveUp")}
            disabled={off || !props.hasMoveUp}
            onClick={props.onMoveUpItem}
            aria-label={t("StudioForm_MoveUpNth", { n })}
          />
          <MoveDownButton
            {...common}
            id={buttonId(props.fieldPathId, "moveDown")}
            disabled={off || !props.hasMoveDown}
            onClick={props.onMoveDownItem}
            aria-label={t("StudioForm_MoveDownNth", { n })}
          />
        </>
      ) : null}
      {props.hasCopy ? (
        <CopyButton
          {...common}
          id={buttonId(props.fieldPathId, "copy")}
          disabled={off}
          onClick={props.onCopyItem}
          aria-label={t("StudioForm_CopyNth", { n })}
        />
      ) : null}
      {props.hasRemove ? (
        <RemoveButton
          {...common}
          id={buttonId(props.fieldPathId, "remove")}
          disabled={off}
          onClick={props.onRemoveItem}
          aria-label={t("StudioForm_RemoveNth", { n })}
        />
      ) : null}
    </>
  );
}

/** A map entry: its key (renamed on leaving the field) beside its value, and a remove button. */
function WrapIfAdditionalTemplate(props: WrapIfAdditionalTemplateProps) {
  const { t } = useTranslation();
  const [key, setKey] = useState(props.label);
  const [source, setSource] = useState(props.label);
  if (source !== props.label) {
    setSource(props.label);
    setKey(props.label);
  }
  if (!(ADDITIONAL_PROPERTY_FLAG in props.schema)) return <>{props.children}</>;
  const { RemoveButton } = props.registry.templates.ButtonTemplates;
  return (
    <div className="studio-doc-form__map-entry">
      <TextField
        uid={`${props.id}-key`}
        label={t("StudioForm_EntryName")}
        value={key}
        required
        disabled={props.disabled}
        readOnly={props.readonly}
        onChange={setKey}
        onBlur={() => {
          if (key !== props.label && key !== "") props.onKeyRename(key);
        }}
      />
      <div className="studio-doc-form__map-value">{props.children}</div>
      <RemoveButton
        id={buttonId(props.id, "remove")}
        className="studio-doc-form__remove"
        disabled={props.disabled || props.readonly}
        onClick={props.onRemoveProperty}
        uiSchema={props.uiSchema}
        registry={props.registry}
        aria-label={t("StudioForm_RemoveEntry", { name: props.label })}
      />
    </div>
  );
}

/** A choice between alternatives: the selector, then the chosen alternative's fields. */
function MultiSchemaFieldTemplate(props: MultiSchemaFieldTemplateProps) {
  return (
    <div className="studio-doc-form__choice">
      {props.selector}
      {props.optionSchemaField}
    </div>
  );
}

function TitleFieldTemplate(props: TitleFieldProps) {
  return (
    <p id={props.id} className="studio-doc-form__legend">
      {props.title}
    </p>
  );
}

function DescriptionFieldTemplate(props: DescriptionFieldProps) {
  if (!props.description) return null;
  return (
    <p id={props.id} className="kit-form__description">
      {props.description}
    </p>
  );
}

/** A schema part the form cannot show: the raw JSON editor edits it. */
function UnsupportedFieldTemplate(_props: UnsupportedFieldProps) {
  const { t } = useTranslation();
  return <p className="studio-doc-form__unsupported">{t("StudioForm_EditAsJson")}</p>;
}

/** A button of the form: a symbol for the eye, its name (aria-label, title) for everyone. */
function toolButton(symbol: string, nameKey: string, danger = false) {
  function ToolButton(props: IconButtonProps) {
    const { t } = useTranslation();
    const {
      icon: _icon,
      iconType: _iconType,
      uiSchema: _uiSchema,
      registry: _registry,
      className,
      ...rest
    } = props;
    const name = (props["aria-label"] as string | undefined) ?? t(nameKey);
    return (
      <button
        type="button"
        {...rest}
        className={[
          "kit-button studio-doc-form__tool",
          danger ? "studio-doc-form__tool--danger" : "",
          className,
        ]
          .filter(Boolean)
          .join(" ")}
        aria-label={name}
        title={name}
      >
        <span aria-hidden="true">{symbol}</span>
      </button>
    );
  }
  return ToolButton;
}

/** The add button shows its text: it is the way to start an empty list or map. */
function AddButton(props: IconButtonProps) {
  const { t } = useTranslation();
  const {
    icon: _icon,
    iconType: _iconType,
    uiSchema: _uiSchema,
    registry: _registry,
    className,
    ...rest
  } = props;
  return (
    <button type="button" {...rest} className={["kit-button", className].filter(Boolean).join(" ")}>
      <span aria-hidden="true">+</span> {t("StudioForm_Add")}
    </button>
  );
}

function Nothing() {
  return null;
}

/** The rjsf texts the theme does not draw itself, through i18next (`%1` parameters become {{p1}}). */
const RJSF_TEXT_KEYS: Partial<Record<TranslatableString, string>> = {
  [TranslatableString.ArrayItemTitle]: "StudioForm_Entry",
  [TranslatableString.EmptyArray]: "StudioForm_ListEmpty",
  [TranslatableString.NewStringDefault]: "StudioForm_NewValue",
  [TranslatableString.AddButton]: "StudioForm_Add",
  [TranslatableString.AddItemButton]: "StudioForm_Add",
  [TranslatableString.OptionPrefix]: "StudioForm_Option",
  [TranslatableString.TitleOptionPrefix]: "StudioForm_TitleOption",
  [TranslatableString.KeyLabel]: "StudioForm_KeyLabel",
  [TranslatableString.Type]: "Field_Type",
  [TranslatableString.Value]: "Field_Value",
  [TranslatableString.UnsupportedField]: "StudioForm_EditAsJson",
  [TranslatableString.UnsupportedFieldWithId]: "StudioForm_EditAsJson",
};

/** rjsf's translateString on i18next's t. */
export function rjsfTranslator(t: (key: string, params?: Record<string, unknown>) => string) {
  return (stringKey: TranslatableString, params?: string[]) => {
    const key = RJSF_TEXT_KEYS[stringKey];
    if (!key) return englishStringTranslator(stringKey, params);
    const values = Object.fromEntries((params ?? []).map((value, i) => [`p${i + 1}`, value]));
    return t(key, values);
  };
}

const documentTheme: ThemeProps = {
  widgets,
  templates: {
    FieldTemplate,
    ObjectFieldTemplate,
    ArrayFieldTemplate,
    ArrayFieldItemTemplate,
    ArrayFieldItemButtonsTemplate,
    WrapIfAdditionalTemplate,
    MultiSchemaFieldTemplate,
    TitleFieldTemplate,
    DescriptionFieldTemplate,
    UnsupportedFieldTemplate,
    FieldErrorTemplate: Nothing,
    FieldHelpTemplate: Nothing,
    ErrorListTemplate: Nothing,
    ButtonTemplates: {
      AddButton,
      RemoveButton: toolButton("✕", "StudioForm_Remove", true),
      MoveUpButton: toolButton("↑", "StudioForm_MoveUp"),
      MoveDownButton: toolButton("↓", "StudioForm_MoveDown"),
      CopyButton: toolButton("⧉", "StudioForm_Copy"),
      ClearButton: toolButton("✕", "StudioForm_Clear"),
      SubmitButton: Nothing,
    },
  },
};

/** @rjsf/core's Form with the document theme. */
export const DocumentThemedForm = withTheme(documentTheme);
