/**
 * Projects (§2.2 /projects; server/upstream/README-content.md, Account screens): the shapes, the
 * form's values and the body sent, and the rule that a due date is not before the start date.
 */
import type { Tone } from "../work/common/list-parts.tsx";

/** The states of a project. */
export const PROJECT_STATUSES = ["Planned", "Active", "OnHold", "Completed", "Cancelled"] as const;
/** One project state. */
export type ProjectStatus = (typeof PROJECT_STATUSES)[number];

/** A project as the upstream returns it. */
export interface Project {
  RecId: number;
  UID: string;
  Name: string;
  Description: string;
  Status: ProjectStatus;
  /** YYYY-MM-DD or null. */
  StartDate: string | null;
  DueDate: string | null;
  OwnerFullName: string | null;
  CreatedAt: string | null;
  ModifiedAt: string | null;
}

/** The project form's values (dates as the date inputs hold them, "" for none). */
export interface ProjectForm {
  Name: string;
  Description: string;
  Status: ProjectStatus;
  StartDate: string;
  DueDate: string;
}

/** Longest name and description the upstream accepts. */
export const PROJECT_NAME_MAX_LENGTH = 200;
export const PROJECT_DESCRIPTION_MAX_LENGTH = 8000;

/** The form's values for a new project, or for editing `project`. */
export function projectForm(project?: Project | null): ProjectForm {
  return {
    Name: project?.Name ?? "",
    Description: project?.Description ?? "",
    Status: project?.Status ?? "Planned",
    StartDate: project?.StartDate ?? "",
    DueDate: project?.DueDate ?? "",
  };
}

/** The body of POST or PUT Projects: trimmed text, "" dates sent as null. */
export function projectBody(form: ProjectForm) {
  return {
    Name: form.Name.trim(),
    Description: form.Description.trim(),
    Status: form.Status,
    StartDate: form.StartDate === "" ? null : form.StartDate,
    DueDate: form.DueDate === "" ? null : form.DueDate,
  };
}

/** §5 custom rule of the due date: not before the start date (the upstream answers 400 otherwise). */
export function dueDateError(form: Pick<ProjectForm, "StartDate" | "DueDate">): string | null {
  return form.StartDate !== "" && form.DueDate !== "" && form.DueDate < form.StartDate
    ? "Projects_DueBeforeStart"
    : null;
}

/** The tone of a project state. */
export function projectTone(status: ProjectStatus): Tone {
  switch (status) {
    case "Active":
      return "info";
    case "Completed":
      return "success";
    case "OnHold":
      return "warning";
    case "Cancelled":
      return "danger";
    default:
      return "neutral";
  }
}
