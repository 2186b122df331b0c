/**
 * /teams (§2.2 Security): the account's teams (`GET Teams`) with their members; with Teams at rw:
 * create, rename and delete a team, add and remove members (the members are notified, §4.3
 * AddedToTeam / RemovedFromTeam).
 */
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { Select } from "../../../components/select/select.tsx";
import { apiRequest } from "../../../http/api-client.ts";
import { reportSuccess } from "../../../http/report-error.ts";
import { runChange, useApi } from "../../../http/use-api.ts";
import { ChoiceTable } from "../common/choice-table.tsx";
import { ConfirmDialog } from "../common/confirm-dialog.tsx";
import { LoadState } from "../common/list-parts.tsx";
import { useCanWrite } from "../common/use-access.ts";
import { NameDialog } from "./name-dialog.tsx";
import { addableMembers, type Team, type TeamMember } from "./team-model.ts";

type Pending = { kind: "create" } | { kind: "rename"; team: Team } | { kind: "delete"; team: Team } | null;

/** The teams list and the chosen team's members. */
export function TeamsPanel({ headingId }: { headingId: string }) {
  const { t } = useTranslation();
  const teams = useApi<Team[]>("Teams");
  const canWrite = useCanWrite("Teams");
  const candidates = useApi<TeamMember[]>(canWrite ? "Teams/Candidates" : null);
  const [chosenId, setChosenId] = useState<number | null>(null);
  const [pending, setPending] = useState<Pending>(null);
  const list = teams.data ?? [];
  const chosen = list.find((team) => team.RecId === chosenId) ?? list[0] ?? null;

  const saveName = async (name: string) => {
    const editing = pending?.kind === "rename" ? pending.team : null;
    const team = await runChange(() =>
      editing
        ? apiRequest<Team>(`Teams/${editing.RecId}`, { method: "PUT", body: { Name: name } })
        : apiRequest<Team>("Teams", { method: "POST", body: { Name: name } }),
    );
    if (!team) return false;
    reportSuccess(editing ? "Teams_Renamed" : "Teams_Created", { name: team.Name });
    setChosenId(team.RecId);
    teams.reload();
    return true;
  };
  const remove = async (team: Team) => {
    const done = await runChange(() =>
      apiRequest(`Teams/${team.RecId}`, { method: "DELETE" }).then(() => true),
    );
    setPending(null);
    if (!done) return;
    reportSuccess("Teams_Deleted", { name: team.Name });
    setChosenId(null);
    teams.reload();
  };

  return (
    <>
      {canWrite ? (
        <div className="work-actions">
          <button
            type="button"
            className="kit-button kit-button--primary"
            onClick={() => setPending({ kind: "create" })}
          >
            {t("Teams_New")}
          </button>
        </div>
      ) : null}
      <LoadState
        loading={teams.loading}
        error={teams.error}
        hasData={teams.data !== null}
        empty={list.length === 0}
        emptyText={t("Teams_Empty")}
        onRetry={teams.reload}
      >
        <div className="work-split">
          <ChoiceTable
            labelledBy={headingId}
            items={list}
            chosenId={chosen?.RecId ?? null}
            onChoose={setChosenId}
            nameHeader={t("Work_Name")}
            countHeader={t("Teams_Members")}
            countOf={(team) => team.Members.length}
          />
          {chosen ? (
            <TeamDetail
              team={chosen}
              candidates={candidates.data ?? []}
              canWrite={canWrite}
              onChanged={teams.reload}
              onPending={setPending}
            />
          ) : null}
        </div>
      </LoadState>
      {pending?.kind === "create" || pending?.kind === "rename" ? (
        <NameDialog
          title={pending.kind === "create" ? t("Teams_New") : t("Teams_Rename")}
          label={t("Work_Name")}
          uid="team-name"
          initial={pending.kind === "rename" ? pending.team.Name : ""}
          onSubmit={saveName}
          onClose={() => setPending(null)}
        />
      ) : null}
      {pending?.kind === "delete" ? (
        <ConfirmDialog
          title={t("Teams_Delete")}
          message={t("Confirm_Delete", { name: pending.team.Name })}
          confirmLabel={t("Action_Delete")}
          danger
          onConfirm={() => remove(pending.team)}
          onCancel={() => setPending(null)}
        />
      ) : null}
    </>
  );
}

function TeamDetail(props: {
  team: Team;
  candidates: TeamMember[];
  canWrite: boolean;
  onChanged: () => void;
  onPending: (pending: Pending) => void;
}) {
  const { t } = useTranslation();
  const headingId = useId();
  const { team } = props;
  const [adding, setAdding] = useState<number[]>([]);
  const addable = addableMembers(props.candidates, team);

  const add = async () => {
    if (adding.length === 0) return;
    const done = await runChange(() =>
      apiRequest<Team>(`Teams/${team.RecId}/Members`, { method: "POST", body: { UserRecIds: adding } }),
    );
    if (!done) return;
    setAdding([]);
    reportSuccess("Teams_MembersAdded");
    props.onChanged();
  };
  const removeMember = async (member: TeamMember) => {
    const done = await runChange(() =>
      apiRequest(`Teams/${team.RecId}/Members/${member.RecId}`, { method: "DELETE" }).then(() => true),
    );
    if (!done) return;
    reportSuccess("Teams_MemberRemoved", { name: member.FullName });
    props.onChanged();
  };

  return (
    <section className="work-panel work-form" aria-labelledby={headingId}>
      <div className="work-header">
        <h2 id={headingId} className="work-section-title">
          {t("Teams_MembersOf", { name: team.Name })}
        </h2>
        {props.canWrite ? (
          <div className="work-actions">
            <button
              type="button"
              className="kit-button"
              onClick={() => props.onPending({ kind: "rename", team })}
            >
              {t("Teams_Rename")}
            </button>
            <button
              type="button"
              className="kit-button"
              onClick={() => props.onPending({ kind: "delete", team })}
            >
              {t("Teams_Delete")}
            </button>
          </div>
        ) : null}
      </div>
      {team.Members.length === 0 ? <p className="work-muted">{t("Teams_NoMembers")}</p> : null}
      <ul className="security-members">
        {team.Members.map((member) => (
          <li key={member.RecId}>
            <span>
              {member.FullName} <span className="work-muted">{member.Email}</span>
            </span>
            {props.canWrite ? (
              <button
                type="button"
                className="kit-button"
                aria-label={t("Teams_RemoveMember", { name: member.FullName })}
                onClick={() => removeMember(member)}
              >
                {t("Action_Remove")}
              </button>
            ) : null}
          </li>
        ))}
      </ul>
      {props.canWrite && addable.length > 0 ? (
        <div className="work-toolbar">
          <Select
            uid={`team-${team.RecId}-add`}
            label={t("Teams_AddMembers")}
            help={t("Teams_AddMembersHelp")}
            multiple
            value={adding}
            options={addable.map((member) => ({
              value: member.RecId,
              label: member.FullName,
              description: member.Email,
            }))}
            onChange={(value) => setAdding(Array.isArray(value) ? (value as number[]) : [])}
          />
          <button
            type="button"
            className="kit-button kit-button--primary"
            disabled={adding.length === 0}
            onClick={add}
          >
            {t("Teams_Add")}
          </button>
        </div>
      ) : null}
    </section>
  );
}
