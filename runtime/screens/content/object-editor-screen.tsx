/**
 * The object editor (renderer kind `objectEditor`, §2.2: /data/editor, /dataflow/editor,
 * /datascript/editor, /insight/editor, /report/editor): edits the name and the definition the
 * upstream exposes (Properties, JSON) with PUT Content/{area}/Objects/{id}, sending only what changed;
 * a dirty draft guards leaving; the legacy editor is framed where the manifest maps one.
 */
import { useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { TextField } from "../../components/fields/text-field.tsx";
import type { FieldHandle } from "../../components/fields/use-field-error.ts";
import type { ScreenProps } from "../../renderers/screen-props.ts";
import { contentApi } from "./content-api.ts";
import { errorMessage, showSuccessBanner } from "./content-feedback.ts";
import { OBJECT_NAME_MAX_CHARS } from "./content-limits.ts";
import { Tabs } from "./content-tabs.tsx";
import type { ObjectDetail } from "./content-types.ts";
import { draftErrors, draftOf, type EditorDraft, isDirty, updateBody } from "./editor-state.ts";
import { ConfirmDialog } from "./name-dialog.tsx";
import { ObjectHeader } from "./object-header.tsx";
import { LegacyFrame, ObjectPageFallback } from "./object-page-states.tsx";
import { ObjectFacts } from "./object-summary.tsx";
import { useLeaveGuard } from "./use-leave-guard.ts";
import { type ObjectPage, useObjectPage } from "./use-object.ts";
import "./content.css";

export default function ObjectEditorScreen({ route, params }: ScreenProps) {
  const page = useObjectPage(route, params);
  const loaded = page.object.data;
  const [saved, setSaved] = useState<ObjectDetail | null>(null);
  const object = saved && saved.RecId === loaded?.RecId ? saved : loaded;
  if (!page.config || !object) return <ObjectPageFallback page={page} kind="objectEditor" />;
  return (
    <Editor
      key={object.RecId}
      area={page.config.area}
      object={object}
      onSaved={setSaved}
      legacyUrl={page.legacyUrl}
      exitHref={page.exitHref}
      path={page.path}
      folderHref={page.folderHref}
    />
  );
}

interface EditorProps {
  area: string;
  object: ObjectDetail;
  onSaved: (object: ObjectDetail) => void;
  legacyUrl: string | null;
  exitHref: string;
  path: ObjectPage["path"];
  folderHref: ObjectPage["folderHref"];
}

function Editor({ area, object, onSaved, legacyUrl, exitHref, path, folderHref }: EditorProps) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<EditorDraft>(() => draftOf(object));
  const [showErrors, setShowErrors] = useState(false);
  const [saving, setSaving] = useState(false);
  const [saveError, setSaveError] = useState<string | null>(null);
  const [tab, setTab] = useState("definition");
  const readOnly = !object.CanChange || object.IsDeleted;
  const dirty = !readOnly && isDirty(draft, object);
  const guard = useLeaveGuard(dirty && !saving);
  const errors = draftErrors(draft);
  const nameField = useRef<FieldHandle>(null);
  const definitionField = useRef<FieldHandle>(null);

  const edit = (change: Partial<EditorDraft>) => {
    setDraft((current) => ({ ...current, ...change }));
    setSaveError(null);
  };
  const save = async () => {
    setShowErrors(true);
    const body = updateBody(draft, object);
    if (!body) {
      // Focus goes to the first field to fix.
      if (errors.name) nameField.current?.focus();
      else if (errors.definition) definitionField.current?.focus();
      return;
    }
    setSaving(true);
    setSaveError(null);
    try {
      const updated = await contentApi(area).updateObject(object.RecId, body);
      onSaved(updated);
      // The saved version becomes the clean draft.
      setDraft(draftOf(updated));
      setShowErrors(false);
      showSuccessBanner("Editor_Saved", { name: updated.Name });
    } catch (error) {
      setSaveError(errorMessage(error));
    } finally {
      setSaving(false);
    }
  };
  const errorText = (error: { key: string; values?: Record<string, string | number> } | null) =>
    showErrors && error ? t(error.key, error.values) : null;

  const form = (
    <form
      className="content-panel content-editor__form"
      aria-label={t("Editor_FormLabel")}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      {readOnly ? <p className="content-muted">{t("Editor_ReadOnly")}</p> : null}
      <TextField
        uid="editor-name"
        ref={nameField}
        label={t("Content_Name")}
        value={draft.name}
        onChange={(name) => edit({ name })}
        required
        maxLength={OBJECT_NAME_MAX_CHARS}
        readOnly={readOnly}
        error={errorText(errors.name)}
      />
      <TextField
        uid="editor-definition"
        ref={definitionField}
        label={t("Editor_Definition")}
        help={t("Editor_DefinitionHelp")}
        value={draft.definition}
        onChange={(definition) => edit({ definition })}
        multiline
        rows={16}
        monospace
        readOnly={readOnly}
        error={errorText(errors.definition)}
      />
      <p className="content-dialog__error" role="alert">
        {saveError}
      </p>
      {readOnly ? null : (
        <div className="content-actions">
          <button
            type="submit"
            className="kit-button kit-button--primary"
            disabled={!dirty || saving}
            aria-busy={saving || undefined}
          >
            {t("Content_Save")}
          </button>
          <button
            type="button"
            className="kit-button"
            disabled={!dirty || saving}
            onClick={() => {
              setDraft(draftOf(object));
              setShowErrors(false);
              setSaveError(null);
            }}
          >
            {t("Editor_Discard")}
          </button>
          <span className="content-muted" aria-live="polite">
            {dirty ? t("Editor_Unsaved") : t("Editor_AllSaved")}
          </span>
        </div>
      )}
    </form>
  );
  const overview = (
    <div className="content-viewer__body">
      {form}
      <section className="content-panel" aria-label={t("Viewer_About")}>
        <h2 className="content-section-title">{t("Viewer_About")}</h2>
        <ObjectFacts object={object} path={path} folderHref={folderHref} />
      </section>
    </div>
  );
  return (
    <article className="content-page">
      <ObjectHeader area={area} object={object} exitHref={exitHref} onChanged={onSaved} />
      {legacyUrl ? (
        <Tabs
          label={t("Viewer_Views")}
          selected={tab}
          onSelect={setTab}
          tabs={[
            { id: "definition", label: t("Editor_DefinitionTab") },
            { id: "legacy", label: t("Editor_LegacyEditor") },
          ]}
        >
          {tab === "legacy" ? <LegacyFrame url={legacyUrl} name={object.Name} /> : overview}
        </Tabs>
      ) : (
        overview
      )}
      {guard.asking ? (
        <ConfirmDialog
          title={t("Editor_LeaveTitle")}
          text={t("Editor_LeaveText", { name: object.Name })}
          confirmLabel={t("Editor_Leave")}
          danger
          onConfirm={async () => guard.leave()}
          onCancel={guard.stay}
        />
      ) : null}
    </article>
  );
}
