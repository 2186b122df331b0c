/**
 * /users (§2.2 Security): the account's users (`GET Users`: search on name and e-mail, status
 * filter, sort, paging) and, with Users at rw, invite a user, change a role, disable or enable
 * (confirmed first), resend or withdraw an invitation. The server enforces the rules again (no
 * self-disable, an active user manager always remains) and its refusals show in the banner (§8).
 */
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { SortHeader } from "../../../components/list/sort-header.tsx";
import { sortDirection } from "../../../components/list/sort-order.ts";
import { apiRequest } from "../../../http/api-client.ts";
import { reportSuccess } from "../../../http/report-error.ts";
import { runChange, useApi } from "../../../http/use-api.ts";
import { ConfirmDialog } from "../common/confirm-dialog.tsx";
import { formatDateTime } from "../common/format.ts";
import { StatusBadge } from "../common/list-parts.tsx";
import { initialQuery, listPath, type Page, toggleSort, withFilter } from "../common/list-query.ts";
import { StatusList } from "../common/status-list.tsx";
import { useCanWrite } from "../common/use-access.ts";
import { ChangeRoleDialog, InviteUserDialog } from "./users-dialogs.tsx";
import {
  ACTION_LABELS,
  type AccountUser,
  CONFIRMED_ACTIONS as CONFIRMED,
  type ConfirmedAction as Confirmed,
  invitationExpired,
  isConfirmed,
  statusTone,
  USER_STATUSES,
  type UserAction,
  userActions,
} from "./users-model.ts";

type Pending = { kind: "invite" } | { kind: UserAction; user: AccountUser } | null;

/** The users list with its actions. */
export function UsersPanel({ headingId }: { headingId: string }) {
  const { t, i18n } = useTranslation();
  const canWrite = useCanWrite("Users");
  const [query, setQuery] = useState(() => initialQuery({ status: "" }, "FullName"));
  const users = useApi<Page<AccountUser>>(listPath("Users", query));
  const [pending, setPending] = useState<Pending>(null);
  const [busy, setBusy] = useState(false);
  const items = users.data?.items ?? [];
  const sort = (value: string) => setQuery((q) => withFilter(q, { sort: value }));
  const close = () => setPending(null);

  const resend = async (user: AccountUser) => {
    const done = await runChange(() =>
      apiRequest<AccountUser>(`Users/${user.RecId}/Invitation`, { method: "POST" }),
    );
    if (!done) return;
    reportSuccess("Users_InvitationResent", { email: user.Email });
    users.reload();
  };
  const confirm = async (kind: Confirmed, user: AccountUser) => {
    const action = CONFIRMED[kind];
    setBusy(true);
    const done = await runChange(() =>
      apiRequest(`Users/${user.RecId}/${action.path}`, { method: action.method }).then(() => true),
    );
    setBusy(false);
    close();
    if (!done) return;
    reportSuccess(action.done, { name: user.FullName });
    users.reload();
  };
  const confirming =
    pending && "user" in pending && isConfirmed(pending.kind)
      ? { kind: pending.kind, user: pending.user }
      : null;
  const act = (kind: UserAction, user: AccountUser) =>
    kind === "resendInvitation" ? void resend(user) : setPending({ kind, user });

  return (
    <>
      {canWrite ? (
        <div className="work-actions">
          <button
            type="button"
            className="kit-button kit-button--primary"
            onClick={() => setPending({ kind: "invite" })}
          >
            {t("Users_Invite")}
          </button>
        </div>
      ) : null}
      <StatusList
        uid="users"
        searchLabel={t("Users_SearchLabel")}
        statuses={USER_STATUSES}
        query={query}
        setQuery={setQuery}
        resource={users}
        emptyText={t("Users_Empty")}
        pagesLabel={t("Users_Pages")}
        headingId={headingId}
      >
        <thead>
          <tr>
            <SortHeader
              label={t("Work_Name")}
              direction={sortDirection(query.sort, "FullName")}
              onSort={() => sort(toggleSort(query.sort, "FullName"))}
            />
            <SortHeader
              label={t("Field_Email")}
              direction={sortDirection(query.sort, "Email")}
              onSort={() => sort(toggleSort(query.sort, "Email"))}
            />
            <SortHeader
              label={t("Users_Role")}
              direction={sortDirection(query.sort, "RoleName")}
              onSort={() => sort(toggleSort(query.sort, "RoleName"))}
            />
            <SortHeader
              label={t("Work_Status")}
              direction={sortDirection(query.sort, "Status")}
              onSort={() => sort(toggleSort(query.sort, "Status"))}
            />
            <SortHeader
              label={t("Users_LastLogin")}
              direction={sortDirection(query.sort, "LastLoginAt")}
              onSort={() => sort(toggleSort(query.sort, "LastLoginAt"))}
            />
            <th scope="col">{t("Users_TwoFactor")}</th>
            {canWrite ? <th scope="col">{t("Work_Actions")}</th> : null}
          </tr>
        </thead>
        <tbody>
          {items.map((user) => (
            <tr key={user.RecId}>
              <th scope="row" id={`${headingId}-user-${user.RecId}`}>
                {user.FullName}
                {user.IsCurrentUser ? <span className="work-muted"> {t("Users_You")}</span> : null}
              </th>
              <td>{user.Email}</td>
              <td>{user.RoleName ?? t("Users_NoRole")}</td>
              <td>
                <StatusBadge label={t(`Status_${user.Status}`)} tone={statusTone(user.Status)} />
                <StatusNote user={user} locale={i18n.language} />
              </td>
              <td>{user.LastLoginAt ? formatDateTime(user.LastLoginAt, i18n.language) : t("Users_Never")}</td>
              <td>{t(user.TwoFactorEnabled ? "Work_Yes" : "Work_No")}</td>
              {canWrite ? (
                <td>
                  <div className="work-actions">
                    {userActions(user, canWrite).map((kind) => (
                      <button
                        key={kind}
                        type="button"
                        className="kit-button"
                        aria-describedby={`${headingId}-user-${user.RecId}`}
                        onClick={() => act(kind, user)}
                      >
                        {t(ACTION_LABELS[kind])}
                      </button>
                    ))}
                  </div>
                </td>
              ) : null}
            </tr>
          ))}
        </tbody>
      </StatusList>
      {pending?.kind === "invite" ? (
        <InviteUserDialog
          onClose={close}
          onInvited={(user) => {
            close();
            reportSuccess("Users_Invited", { email: user.Email });
            users.reload();
          }}
        />
      ) : null}
      {pending?.kind === "changeRole" ? (
        <ChangeRoleDialog
          user={pending.user}
          onClose={close}
          onChanged={(user) => {
            close();
            reportSuccess("Users_RoleChanged", { name: user.FullName, role: user.RoleName ?? "" });
            users.reload();
          }}
        />
      ) : null}
      {confirming ? (
        <ConfirmDialog
          title={t(CONFIRMED[confirming.kind].title)}
          message={t(CONFIRMED[confirming.kind].ask, { name: confirming.user.FullName })}
          confirmLabel={t(CONFIRMED[confirming.kind].title)}
          danger={confirming.kind !== "enable"}
          busy={busy}
          onConfirm={() => confirm(confirming.kind, confirming.user)}
          onCancel={close}
        />
      ) : null}
    </>
  );
}

/** Under the status: locked by support, or when the invitation expires. */
function StatusNote({ user, locale }: { user: AccountUser; locale: string }) {
  const { t } = useTranslation();
  let text: string | null = null;
  if (user.LockedBySupport) text = t("Users_LockedBySupport");
  else if (invitationExpired(user)) text = t("Users_InvitationExpired");
  else if (user.Status === "Invited" && user.InvitationExpiresAt)
    text = t("Users_InvitationExpires", { date: formatDateTime(user.InvitationExpiresAt, locale) });
  return text ? <div className="work-muted">{text}</div> : null;
}
