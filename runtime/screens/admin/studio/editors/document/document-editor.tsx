/**
 * The editor of a manifest kind without an editor of its own (routes, dialogs, screens, shell,
 * constants, permissions; DESIGN.md §3): a searchable list of the document's items beside the
 * selected item, shown as a form generated from the kind's JSON Schema or as raw JSON for experts
 * (the item, or the whole document). Every change hands the whole new document to the workspace;
 * raw JSON that does not parse is marked where it breaks and applied only once it parses.
 * §6: read-only, every input and the add and remove buttons are disabled; choosing an item, the
 * tabs and the search stay, to look.
 */
import { lazy, Suspense, useEffect, useId, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Checkbox } from "../../../../../components/fields/checkbox.tsx";
import { TextField } from "../../../../../components/fields/text-field.tsx";
import { ModalDialog } from "../../../../../components/modal-dialog/modal-dialog.tsx";
import { tabAfterKey } from "../../../../account/screen-tabs.ts";
import type { KindEditorProps, Language, ManifestKindName } from "../../studio-model.ts";
import { DocumentForm, type FocusRequest } from "./document-form.tsx";
import {
  addElement,
  type DocumentItem,
  documentItems,
  fromFormData,
  itemMatches,
  itemOfPointer,
  itemSchema,
  jsonEqual,
  KIND_LAYOUTS,
  propertyTextKey,
  readableName,
  removeElement,
  toFormData,
} from "./document-form-model.ts";
import type { JsonLint } from "./json-schema-assist.ts";
import { loadKindSchema } from "./kind-schemas.ts";
import type { JsonSchemaObject } from "./schema-validation.ts";
import "./document-editor.css";

// CodeMirror is loaded only when the JSON tab is first opened (its own chunk).
const JsonEditor = lazy(() => import("./json-editor.tsx"));

/** Props of the document editor: the contract of every kind editor, and the kind. */
export type DocumentEditorProps = KindEditorProps<Record<string, unknown>> & { kind: ManifestKindName };

type Mode = "form" | "json";
const MODES: readonly Mode[] = ["form", "json"];
/** Spaces per level of the JSON shown in the raw editor. */
const JSON_INDENT = 2;

const pretty = (value: unknown) => `${JSON.stringify(value, null, JSON_INDENT)}\n`;

/** The schema of a kind, loaded on first use; with its loading state. */
function useKindSchema(kind: ManifestKindName) {
  const [state, setState] = useState<{
    kind: ManifestKindName;
    schema: JsonSchemaObject | null;
    error: boolean;
    attempt: number;
  }>({ kind, schema: null, error: false, attempt: 0 });
  if (state.kind !== kind) setState({ kind, schema: null, error: false, attempt: 0 });
  const { attempt } = state;
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new attempt loads again
  useEffect(() => {
    let current = true;
    loadKindSchema(kind).then(
      (schema) => current && setState((previous) => ({ ...previous, kind, schema, error: false })),
      () => current && setState((previous) => ({ ...previous, kind, error: true })),
    );
    return () => {
      current = false;
    };
  }, [kind, attempt]);
  return {
    schema: state.kind === kind ? state.schema : null,
    error: state.error,
    retry: () => setState((previous) => ({ ...previous, error: false, attempt: previous.attempt + 1 })),
  };
}

/** The document editor (default export: loaded lazily by the studio). */
export default function DocumentEditor(props: DocumentEditorProps) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const { kind, document, readOnly } = props;
  const language = (i18n.language in props.texts ? i18n.language : "en") as Language;
  const texts = props.texts[language] ?? {};
  const { schema, error: schemaError, retry } = useKindSchema(kind);

  const items = useMemo(() => documentItems(kind, document), [kind, document]);
  const [selected, setSelected] = useState(0);
  const current = items[Math.min(selected, items.length - 1)] ?? null;
  const [mode, setMode] = useState<Mode>("form");
  const [wholeDocument, setWholeDocument] = useState(false);
  const [query, setQuery] = useState("");
  const [focus, setFocus] = useState<FocusRequest | null>(null);
  const [confirmRemove, setConfirmRemove] = useState<DocumentItem | null>(null);
  const [announcement, setAnnouncement] = useState("");
  const nonce = useRef(0);
  const tabs = useRef(new Map<Mode, HTMLButtonElement>());
  const itemButtons = useRef(new Map<number, HTMLButtonElement>());

  const label = (name: string) => t(propertyTextKey(name), { defaultValue: readableName(name) });
  const itemTitle = (item: DocumentItem) => (item.titleKey ? (texts[item.titleKey] ?? "") : "");
  const itemName = (item: DocumentItem): string => {
    if (item.type === "document") {
      return KIND_LAYOUTS[kind].collections.length + KIND_LAYOUTS[kind].sections.length === 0
        ? t(`Studio_Kind_${kind}`)
        : t("StudioDocument_DocumentItem");
    }
    if (item.type === "section") return label(item.group);
    return item.label || t("StudioDocument_Unnamed", { n: (item.position ?? 0) + 1 });
  };

  // A validation problem's pointer: open its item and bring its field (or text) into view.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a new pointer moves the selection
  useEffect(() => {
    if (props.focusPointer === null) return;
    const found = itemOfPointer(kind, document, props.focusPointer);
    nonce.current++;
    if (found === null) {
      setMode("json");
      setWholeDocument(true);
      setFocus({ pointer: props.focusPointer, nonce: nonce.current });
      return;
    }
    setSelected(found.itemIndex);
    setFocus({ pointer: wholeDocument ? props.focusPointer : found.innerPointer, nonce: nonce.current });
  }, [props.focusPointer]);

  const currentIndex = current?.index ?? -1;
  const currentSchema = schema && current ? itemSchema(kind, schema, current) : null;
  const formValue = useMemo(
    () => (currentIndex >= 0 ? toFormData(kind, document, currentIndex) : undefined),
    [kind, document, currentIndex],
  );

  const visible = items.filter((item) => itemMatches(item, query, itemTitle(item)));
  const groups = groupItems(visible);

  const change = (next: Record<string, unknown>) => {
    if (!readOnly && !jsonEqual(next, document)) props.onChange(next);
  };

  const add = (collection: string) => {
    const added = addElement(kind, document, collection);
    change(added.document);
    setSelected(added.itemIndex);
    setMode("form");
    setAnnouncement(t("StudioDocument_Added", { name: label(collection) }));
  };

  const remove = (item: DocumentItem) => {
    change(removeElement(kind, document, item.index));
    setConfirmRemove(null);
    const nextIndex = Math.max(0, item.index - 1);
    setSelected(nextIndex);
    setAnnouncement(t("StudioDocument_Removed", { name: itemName(item) }));
    // The removed item's button is gone: focus goes to the item now selected.
    requestAnimationFrame(() => itemButtons.current.get(nextIndex)?.focus());
  };

  const panelId = `${id}-panel`;
  const headingId = `${id}-heading`;
  return (
    <div className="studio-doc">
      <p className="kit-visually-hidden" role="status" aria-live="polite">
        {announcement}
      </p>
      <nav
        className="studio-doc__items"
        aria-label={t("StudioDocument_Items", { kind: t(`Studio_Kind_${kind}`) })}
        onKeyDown={(event) => {
          // Up and down move between the entries (Tab still goes through them one by one).
          const step = event.key === "ArrowDown" ? 1 : event.key === "ArrowUp" ? -1 : 0;
          const target = event.target as HTMLElement;
          if (step === 0 || !target.classList.contains("studio-doc__item")) return;
          const buttons = [...event.currentTarget.querySelectorAll<HTMLButtonElement>(".studio-doc__item")];
          const next = buttons[buttons.indexOf(target as HTMLButtonElement) + step];
          if (!next) return;
          event.preventDefault();
          next.focus();
        }}
      >
        {items.length > 1 ? (
          <TextField
            uid={`${id}-search`}
            type="search"
            label={t("StudioDocument_Search")}
            value={query}
            onChange={setQuery}
          />
        ) : null}
        {query ? (
          <p className="studio-doc__count" role="status">
            {t("StudioDocument_Found", { count: visible.length, total: items.length })}
          </p>
        ) : null}
        {groups.map((group) => (
          <section key={group.key} className="studio-doc__group" aria-labelledby={`${id}-group-${group.key}`}>
            <h3 id={`${id}-group-${group.key}`} className="studio-doc__group-title">
              {group.key === "" ? t("StudioDocument_General") : label(group.key)}
            </h3>
            <ul className="studio-doc__list">
              {group.items.map((item) => {
                const title = itemTitle(item);
                return (
                  <li key={item.index}>
                    <button
                      type="button"
                      ref={(element) => {
                        if (element) itemButtons.current.set(item.index, element);
                        else itemButtons.current.delete(item.index);
                      }}
                      className="studio-doc__item"
                      aria-current={current?.index === item.index ? "true" : undefined}
                      aria-controls={panelId}
                      onClick={() => {
                        setSelected(item.index);
                        setFocus(null);
                      }}
                    >
                      <span className="studio-doc__item-label">{itemName(item)}</span>
                      {item.secondary.length > 0 || title ? (
                        <span className="studio-doc__item-detail">
                          {[title, ...item.secondary].filter(Boolean).join(" · ")}
                        </span>
                      ) : null}
                    </button>
                  </li>
                );
              })}
            </ul>
            {KIND_LAYOUTS[kind].collections.some((collection) => collection.property === group.key) ? (
              <button
                type="button"
                className="kit-button studio-doc__add"
                disabled={readOnly}
                onClick={() => add(group.key)}
              >
                <span aria-hidden="true">+</span> {t("StudioDocument_Add", { name: label(group.key) })}
              </button>
            ) : null}
          </section>
        ))}
        {visible.length === 0 ? <p className="studio-doc__empty">{t("StudioDocument_NoMatch")}</p> : null}
      </nav>

      <section className="studio-doc__detail" aria-labelledby={headingId}>
        {current === null ? (
          <p>{t("StudioDocument_Empty")}</p>
        ) : (
          <>
            <div className="studio-doc__detail-header">
              <h3 id={headingId} className="studio-doc__detail-title">
                {itemName(current)}
                {itemTitle(current) ? (
                  <span className="studio-doc__item-detail"> {itemTitle(current)}</span>
                ) : null}
              </h3>
              {current.type === "element" ? (
                <button
                  type="button"
                  className="kit-button studio-doc__remove"
                  disabled={readOnly}
                  onClick={() => setConfirmRemove(current)}
                >
                  {t("StudioDocument_Remove")}
                </button>
              ) : null}
            </div>
            <div role="tablist" aria-label={t("StudioDocument_View")} className="studio-doc__tabs">
              {MODES.map((each) => (
                <button
                  key={each}
                  ref={(element) => {
                    if (element) tabs.current.set(each, element);
                    else tabs.current.delete(each);
                  }}
                  type="button"
                  role="tab"
                  id={`${id}-tab-${each}`}
                  aria-selected={mode === each}
                  aria-controls={panelId}
                  tabIndex={mode === each ? 0 : -1}
                  className="studio-doc__tab"
                  onClick={() => setMode(each)}
                  onKeyDown={(event) => {
                    const next = tabAfterKey(MODES, each, event.key);
                    if (next === null) return;
                    event.preventDefault();
                    setMode(next);
                    tabs.current.get(next)?.focus();
                  }}
                >
                  {t(each === "form" ? "StudioDocument_FormTab" : "StudioDocument_JsonTab")}
                </button>
              ))}
            </div>
            <div
              role="tabpanel"
              id={panelId}
              aria-labelledby={`${id}-tab-${mode}`}
              className="studio-doc__panel"
            >
              {schemaError ? (
                <div role="alert" className="studio-doc__error">
                  <p>{t("StudioDocument_SchemaFailed")}</p>
                  <button type="button" className="kit-button" onClick={retry}>
                    {t("Work_Retry")}
                  </button>
                </div>
              ) : schema === null || currentSchema === null ? (
                <p role="status">{t("Loading")}</p>
              ) : mode === "form" ? (
                <DocumentForm
                  key={`${kind}:${current.index}`}
                  idPrefix={`${id}-form`}
                  schema={currentSchema}
                  value={formValue}
                  readOnly={readOnly}
                  label={itemName(current)}
                  textOf={(key) => texts[key]}
                  onChange={(value) => change(fromFormData(kind, document, current.index, value))}
                  focus={focus}
                />
              ) : (
                <JsonPanel
                  id={id}
                  kind={kind}
                  document={document}
                  item={current}
                  wholeDocument={wholeDocument}
                  onWholeDocument={setWholeDocument}
                  schema={schema}
                  readOnly={readOnly}
                  label={wholeDocument ? t(`Studio_Kind_${kind}`) : itemName(current)}
                  onChange={change}
                  focus={focus}
                />
              )}
            </div>
          </>
        )}
      </section>
      {confirmRemove ? (
        <ModalDialog
          role="alertdialog"
          title={t("StudioDocument_RemoveTitle", { name: itemName(confirmRemove) })}
          description={t("StudioDocument_RemoveText")}
          onClose={() => setConfirmRemove(null)}
          closeButton={false}
          footer={
            <>
              <button type="button" className="kit-button" onClick={() => setConfirmRemove(null)}>
                {t("StudioDocument_Cancel")}
              </button>
              <button
                type="button"
                className="kit-button kit-button--primary"
                data-autofocus
                onClick={() => remove(confirmRemove)}
              >
                {t("StudioDocument_Remove")}
              </button>
            </>
          }
        />
      ) : null}
    </div>
  );
}

/** Items by their group (the document item's group is ""), in list order. */
function groupItems(items: readonly DocumentItem[]): { key: string; items: DocumentItem[] }[] {
  const groups: { key: string; items: DocumentItem[] }[] = [];
  for (const item of items) {
    const key = item.type === "element" ? item.group : "";
    const group = groups.find((candidate) => candidate.key === key);
    if (group) group.items.push(item);
    else groups.push({ key, items: [item] });
  }
  return groups;
}

/** The raw JSON of the item or of the whole document; applied to the document each time it parses. */
function JsonPanel(props: {
  id: string;
  kind: ManifestKindName;
  document: Record<string, unknown>;
  item: DocumentItem;
  wholeDocument: boolean;
  onWholeDocument: (whole: boolean) => void;
  schema: JsonSchemaObject;
  readOnly: boolean;
  label: string;
  onChange: (document: Record<string, unknown>) => void;
  focus: FocusRequest | null;
}) {
  const { t } = useTranslation();
  const { kind, document, item, wholeDocument } = props;
  const value = useMemo(
    () => (wholeDocument ? document : toFormData(kind, document, item.index)),
    [wholeDocument, document, kind, item.index],
  );
  const schema = wholeDocument ? props.schema : itemSchema(kind, props.schema, item);
  const scope = wholeDocument ? "document" : `item:${item.index}`;
  // The text is the operator's while it parses to the value shown; a value changed elsewhere (or
  // another item) replaces it — never a reformatting of what is being typed.
  const [text, setText] = useState(() => ({ scope, text: pretty(value), value }));
  if (text.scope !== scope || !jsonEqual(text.value, value)) {
    setText({ scope, text: pretty(value), value });
  }
  const [lint, setLint] = useState<JsonLint | null>(null);

  const onTextChange = (next: string) => {
    let parsed: unknown;
    try {
      parsed = JSON.parse(next);
    } catch {
      setText((previous) => ({ ...previous, text: next }));
      return;
    }
    if (wholeDocument) {
      if (parsed === null || typeof parsed !== "object" || Array.isArray(parsed)) {
        setText((previous) => ({ ...previous, text: next }));
        return;
      }
      setText({ scope, text: next, value: parsed });
      props.onChange(parsed as Record<string, unknown>);
      return;
    }
    setText({ scope, text: next, value: parsed });
    props.onChange(fromFormData(kind, document, item.index, parsed));
  };

  const problems = lint?.diagnostics.length ?? 0;
  return (
    <div className="studio-doc__json">
      <div className="studio-doc__json-bar">
        <Checkbox
          uid={`${props.id}-whole`}
          label={t("StudioDocument_WholeDocument")}
          checked={wholeDocument}
          onChange={props.onWholeDocument}
        />
        <p className="studio-doc__json-state" role="status">
          {lint === null
            ? ""
            : !lint.parses
              ? t("StudioDocument_NotApplied")
              : problems > 0
                ? t("StudioDocument_Problems", { count: problems })
                : t("StudioDocument_NoProblems")}
        </p>
      </div>
      <Suspense fallback={<p role="status">{t("StudioDocument_LoadingEditor")}</p>}>
        <JsonEditor
          text={text.text}
          schema={schema}
          readOnly={props.readOnly}
          label={t("StudioDocument_JsonLabel", { name: props.label })}
          keyboardHelp={t("StudioDocument_JsonKeys")}
          onTextChange={onTextChange}
          onLint={setLint}
          focus={props.focus}
        />
      </Suspense>
    </div>
  );
}
