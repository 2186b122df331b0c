/**
 * What each kind of import does with a parsed file (§4.3 UserImport…, TeamImport…,
 * BackgroundDataImport…): users (Email, FullName, Role?, Language?) are created without a password
 * and invited by mail; teams (Team, MemberEmail?) are created with their members, who are told
 * (AddedToTeam); data rows are appended to a data table. Rows are checked first (jobs/import-rows.ts);
 * the store then applies the whole file in one transaction, or nothing.
 */
import { sendInvitation } from "../admin/invitations.ts";
import { runningAnalytics } from "../analytics/service.ts";
import { teamNotice } from "../notifications/account-events.ts";
import { announce } from "../notifications/dispatch.ts";
import type { NewUserInput } from "../store/types/identity.ts";
import type { ImportJob, ImportRefusal } from "../store/types/imports.ts";
import { objectForUser } from "./access.ts";
import type { ParsedCsv } from "./csv.ts";
import {
  type Checked,
  checkDataRows,
  checkShape,
  cleanName,
  headerIndex,
  isEmail,
  LANGUAGES,
  MAX_IMPORT_ROWS,
} from "./import-rows.ts";
import { JobFailure, type JobRuntime } from "./runtime.ts";

/** Row problems: the import fails with all of them in its task log. */
export class RowProblems extends JobFailure {
  constructor(readonly problems: string[]) {
    super(`${problems.length} problem(s) found; nothing was imported.`);
  }
}

function valid<T>(checked: Checked<T>): T {
  if (!checked.ok) throw new RowProblems(checked.problems);
  return checked.value;
}

function refusal(outcome: ImportRefusal): JobFailure | "cancelled" {
  if (outcome === "cancelled") return outcome;
  if (outcome === "tableGone") return new JobFailure("The data table was deleted; nothing was imported.");
  if (outcome === "columnsChanged")
    return new JobFailure("The table's columns changed meanwhile; nothing was imported.");
  if ("emailTaken" in outcome)
    return new RowProblems([`«${outcome.emailTaken}» is already used in this account.`]);
  return new RowProblems([`A team named «${outcome.teamNameTaken}» already exists.`]);
}

/** A user of the account by e-mail (enabled users, as sign-in finds them). */
async function userByEmail(runtime: JobRuntime, domain: string, email: string) {
  const [found] = await runtime.context.store.users.resolveLoginCandidates(email, domain);
  return found?.user;
}

/** Creates the file's users (all or none) and invites them; the summary for the task log. */
export async function importUsers(
  runtime: JobRuntime,
  job: ImportJob,
  csv: ParsedCsv,
): Promise<string | "cancelled"> {
  const { store } = runtime.context;
  const account = await store.accounts.get(job.accountId);
  if (!account) throw new JobFailure("The account is gone.");
  const shape = checkShape(csv, MAX_IMPORT_ROWS.User);
  if (shape.length > 0) throw new RowProblems(shape);
  const columns = valid(headerIndex(csv.header, ["Email", "FullName"], ["Role", "Language"]));
  const roles = await store.roles.list(job.accountId);
  const problems: string[] = [];
  const seen = new Set<string>();
  const users: NewUserInput[] = [];
  for (const { line, cells } of csv.records) {
    const cell = (name: string) => (columns[name] === undefined ? "" : (cells[columns[name]] ?? "").trim());
    const email = cell("Email").toLowerCase();
    const fullName = cleanName(cell("FullName"), 120);
    const role = cell("Role")
      ? roles.find((r) => r.name.toLowerCase() === cell("Role").toLowerCase())
      : undefined;
    const language = cell("Language").toLowerCase() || "en";
    const problem = !isEmail(email)
      ? `«${email}» is not an e-mail address`
      : seen.has(email)
        ? `«${email}» appears twice in the file`
        : (await userByEmail(runtime, account.domain, email))
          ? `«${email}» is already used in this account`
          : !fullName
            ? "FullName needs 1–120 characters"
            : cell("Role") && (!role || role.isOwner)
              ? `«${cell("Role")}» is not a role that can be given here`
              : !(LANGUAGES as readonly string[]).includes(language)
                ? `«${language}» is not one of ${LANGUAGES.join(", ")}`
                : undefined;
    seen.add(email);
    if (problem) problems.push(`Line ${line}: ${problem}.`);
    else
      users.push({
        email,
        fullName: fullName as string,
        passwordHash: null,
        roleId: role?.recId ?? null,
        languageCode: language,
      });
  }
  if (problems.length > 0) throw new RowProblems(problems);
  const created = await store.jobs.imports.applyUsers(
    job.accountId,
    job.taskId,
    users,
    runtime.context.now(),
  );
  if (!Array.isArray(created)) {
    const refused = refusal(created);
    if (refused === "cancelled") return refused;
    throw refused;
  }
  for (const user of created) {
    await sendInvitation(runtime.context, user, account, job.userId).catch((error: unknown) =>
      runtime.context.log.error({ err: error }, "import invitation failed"),
    );
  }
  return `${created.length} user(s) created and invited by e-mail.`;
}

/** Creates the file's teams (all or none) and tells their members; the summary. */
export async function importTeams(
  runtime: JobRuntime,
  job: ImportJob,
  csv: ParsedCsv,
): Promise<string | "cancelled"> {
  const { store } = runtime.context;
  const [account, actor] = [
    await store.accounts.get(job.accountId),
    await store.users.get(job.accountId, job.userId),
  ];
  if (!account || !actor) throw new JobFailure("The account or the importing user is gone.");
  const shape = checkShape(csv, MAX_IMPORT_ROWS.Team);
  if (shape.length > 0) throw new RowProblems(shape);
  const columns = valid(headerIndex(csv.header, ["Team"], ["MemberEmail"]));
  const existing = new Set(
    (await store.realtime.teams.list(job.accountId)).map((team) => team.name.toLowerCase()),
  );
  const teams = new Map<string, { name: string; memberUserIds: number[] }>();
  const problems: string[] = [];
  for (const { line, cells } of csv.records) {
    const name = cleanName(cells[columns.Team as number] ?? "", 80);
    const email =
      columns.MemberEmail === undefined ? "" : (cells[columns.MemberEmail] ?? "").trim().toLowerCase();
    const member = email ? await userByEmail(runtime, account.domain, email) : undefined;
    if (!name) problems.push(`Line ${line}: Team needs 1–80 characters.`);
    else if (existing.has(name.toLowerCase()))
      problems.push(`Line ${line}: a team named «${name}» already exists.`);
    else if (email && !member) problems.push(`Line ${line}: «${email}» is not a user of this account.`);
    if (!name || problems.length > 0) continue;
    const team = teams.get(name.toLowerCase()) ?? { name, memberUserIds: [] };
    if (member && !team.memberUserIds.includes(member.recId)) team.memberUserIds.push(member.recId);
    teams.set(name.toLowerCase(), team);
  }
  if (problems.length > 0) throw new RowProblems(problems);
  const notice = teamNotice(actor, "", "added");
  const stored = await store.jobs.imports.applyTeams(
    job.accountId,
    job.taskId,
    [...teams.values()],
    notice,
    runtime.context.now(),
  );
  if (!Array.isArray(stored)) {
    const refused = refusal(stored);
    if (refused === "cancelled") return refused;
    throw refused;
  }
  announce(runtime.context, stored);
  return `${teams.size} team(s) created; ${stored.length} member(s) told.`;
}

/** Appends the file's rows to the data table (all or none); the summary. */
export async function importData(
  runtime: JobRuntime,
  job: ImportJob,
  csv: ParsedCsv,
): Promise<string | "cancelled"> {
  const { store } = runtime.context;
  const table =
    job.dataTableId === null
      ? undefined
      : await objectForUser(runtime.context, job.accountId, job.userId, job.dataTableId);
  const described = table ? await store.jobs.dataTables.describe(job.accountId, table.recId) : undefined;
  if (!table || !described)
    throw new JobFailure("The data table was deleted or is no longer available; nothing was imported.");
  const checked = valid(checkDataRows(csv, described.columns, described.rowCount));
  const added = await store.jobs.imports.applyData(
    job.accountId,
    job.taskId,
    { dataTableId: table.recId, ...checked },
    runtime.context.now(),
  );
  if (typeof added !== "number") {
    const refused = refusal(added);
    if (refused === "cancelled") return refused;
    throw refused;
  }
  // The rows' version moved with them (store migration 13): the results of the old rows go now.
  runningAnalytics(runtime.context)?.invalidateTable(job.accountId, table.recId);
  return `${added} row(s) appended to «${table.name}».`;
}
