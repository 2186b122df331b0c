/** The project form in a dialog: create (POST Projects) or edit (PUT Projects/{id}). */
import { useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { TextField } from "../../components/fields/text-field.tsx";
import type { FieldHandle } from "../../components/fields/use-field-error.ts";
import { ModalDialog } from "../../components/modal-dialog/modal-dialog.tsx";
import { Select } from "../../components/select/select.tsx";
import { apiRequest } from "../../http/api-client.ts";
import { runChange } from "../../http/use-api.ts";
import { validateFields } from "../work/common/validate-fields.ts";
import {
  dueDateError,
  PROJECT_DESCRIPTION_MAX_LENGTH,
  PROJECT_NAME_MAX_LENGTH,
  PROJECT_STATUSES,
  type Project,
  type ProjectForm,
  type ProjectStatus,
  projectBody,
  projectForm,
} from "./project-model.ts";

/** Props of the dialog: `project` to edit, or null to create one. */
export interface ProjectDialogProps {
  project: Project | null;
  onClose: () => void;
  onSaved: (project: Project) => void;
}

/** Creates or edits a project. */
export function ProjectDialog({ project, onClose, onSaved }: ProjectDialogProps) {
  const { t } = useTranslation();
  const [form, setForm] = useState<ProjectForm>(() => projectForm(project));
  const [busy, setBusy] = useState(false);
  const name = useRef<FieldHandle>(null);
  const due = useRef<FieldHandle>(null);
  const change = (patch: Partial<ProjectForm>) => setForm((current) => ({ ...current, ...patch }));
  return (
    <ModalDialog
      title={project ? t("Projects_Edit", { name: project.Name }) : t("Action_NewProject")}
      onClose={onClose}
      size="wide"
    >
      <form
        className="work-form"
        noValidate
        onSubmit={async (event) => {
          event.preventDefault();
          if (busy || !validateFields([name, due])) return;
          setBusy(true);
          const saved = await runChange(() =>
            project
              ? apiRequest<Project>(`Projects/${project.RecId}`, { method: "PUT", body: projectBody(form) })
              : apiRequest<Project>("Projects", { method: "POST", body: projectBody(form) }),
          );
          setBusy(false);
          if (saved) onSaved(saved);
        }}
      >
        <TextField
          ref={name}
          uid="project-name"
          label={t("Work_Name")}
          value={form.Name}
          onChange={(Name) => change({ Name })}
          required
          maxLength={PROJECT_NAME_MAX_LENGTH}
          autoFocus
        />
        <TextField
          uid="project-description"
          label={t("Tickets_Description")}
          value={form.Description}
          onChange={(Description) => change({ Description })}
          multiline
          rows={4}
          maxLength={PROJECT_DESCRIPTION_MAX_LENGTH}
        />
        <div className="work-form__row">
          <Select
            uid="project-status"
            label={t("Work_Status")}
            value={form.Status}
            options={PROJECT_STATUSES.map((value) => ({ value, label: t(`Status_${value}`) }))}
            onChange={(value) => change({ Status: value as ProjectStatus })}
          />
          <TextField
            uid="project-start"
            type="date"
            label={t("Projects_StartDate")}
            value={form.StartDate}
            onChange={(StartDate) => change({ StartDate })}
          />
          <TextField
            ref={due}
            uid="project-due"
            type="date"
            label={t("Projects_DueDate")}
            value={form.DueDate}
            onChange={(DueDate) => change({ DueDate })}
            validators={[(DueDate) => dueDateError({ StartDate: form.StartDate, DueDate })]}
          />
        </div>
        <div className="work-actions work-actions--end">
          <button type="button" className="kit-button" onClick={onClose}>
            {t("Work_Cancel")}
          </button>
          <button type="submit" className="kit-button kit-button--primary" disabled={busy}>
            {t("Work_Save")}
          </button>
        </div>
      </form>
    </ModalDialog>
  );
}
