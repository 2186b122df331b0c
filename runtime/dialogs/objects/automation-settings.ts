/**
 * The automation settings of schedules and alerts (GET/PUT Schedules|Alerts/{id}/Settings):
 * which fields of the answer the PUT body takes, and how the editable part is
 * shown and read back (pure).
 */

/** The writable fields of each kind (the upstream's closed PUT schemas). */
export const WRITABLE_FIELDS = {
  schedule: ["Recurrence", "Enabled", "Tasks", "RecipientUserRecIds"],
  alert: [
    "DataTableRecId",
    "Column",
    "Aggregate",
    "Operator",
    "Threshold",
    "Message",
    "DashboardRecIds",
    "RecipientUserRecIds",
    "Recurrence",
    "Enabled",
  ],
} as const;

/** The task fields a schedule's PUT takes (DisabledBySystem, ConsecutiveFailures are read-only). */
const TASK_FIELDS = ["Name", "ObjectRecId", "Format", "Enabled"] as const;

/** A kind of automation settings. */
export type AutomationKind = keyof typeof WRITABLE_FIELDS;

function pick(value: Record<string, unknown>, keys: readonly string[]): Record<string, unknown> {
  return Object.fromEntries(
    keys.filter((k) => value[k] !== undefined && value[k] !== null).map((k) => [k, value[k]]),
  );
}

/** The editable part of a settings answer. */
export function editableSettings(
  kind: AutomationKind,
  settings: Record<string, unknown>,
): Record<string, unknown> {
  const editable = pick(settings, WRITABLE_FIELDS[kind]);
  if (kind === "schedule" && Array.isArray(editable.Tasks)) {
    editable.Tasks = editable.Tasks.map((task) =>
      task && typeof task === "object" ? pick(task as Record<string, unknown>, TASK_FIELDS) : task,
    );
  }
  return editable;
}

/** The PUT body from the edited JSON text, or the error key of the text. */
export function settingsBodyFrom(
  kind: AutomationKind,
  text: string,
): { ok: true; body: Record<string, unknown> } | { ok: false; errorKey: string } {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { ok: false, errorKey: "Properties_InvalidJson" };
  }
  if (!value || typeof value !== "object" || Array.isArray(value)) {
    return { ok: false, errorKey: "Properties_NotAnObject" };
  }
  return { ok: true, body: editableSettings(kind, value as Record<string, unknown>) };
}
