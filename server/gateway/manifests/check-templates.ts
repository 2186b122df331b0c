import { dialogRegistryProblems } from "../../../schemas/dialogs.ts";
import { notificationTemplateProblems } from "../../../schemas/notifications.ts";
import { NOTIFICATION_CODES } from "../../../schemas/payloads/notification-record.ts";
import type { ManifestProblem } from "./manifest-problem.ts";
import type { ManifestSet } from "./manifest-set.ts";
import { problemMessage } from "./problem-messages.ts";

/** Points a template problem at its template. */
function templatePointer(set: ManifestSet, code: string | undefined): string {
  const index = set.notifications.templates.findIndex((t) => t.code === code);
  return index >= 0 ? `/templates/${index}` : "/templates";
}

/** Points a dialog problem at the dialog it names. */
function dialogPointer(set: ManifestSet, params: Record<string, string>): string {
  const index = set.dialogs.dialogs.findIndex((d) => d.id === params.id || d.path === params.path);
  return index >= 0 ? `/dialogs/${index}` : "/dialogs";
}

/** Every §4.3 code has a template; templates and dialogs are consistent with each other. */
export function checkTemplates(set: ManifestSet): ManifestProblem[] {
  const problems: ManifestProblem[] = [];
  const codes = new Set(set.notifications.templates.map((t) => t.code));
  for (const code of NOTIFICATION_CODES) {
    if (!codes.has(code)) {
      problems.push({
        file: "manifests/notifications.json",
        pointer: "/templates",
        reason: `no template for the §4.3 code "${code}"`,
        message: problemMessage("NoTemplateForCode", { code }),
      });
    }
  }
  for (const problem of notificationTemplateProblems(set.notifications, set.dialogs)) {
    problems.push({
      file: "manifests/notifications.json",
      pointer: templatePointer(set, problem.params.code),
      reason: problem.reason,
      message: problemMessage(problem.rule, problem.params),
    });
  }
  for (const problem of dialogRegistryProblems(set.dialogs)) {
    problems.push({
      file: "manifests/dialogs.json",
      pointer: dialogPointer(set, problem.params),
      reason: problem.reason,
      message: problemMessage(problem.rule, problem.params),
    });
  }
  return problems;
}
