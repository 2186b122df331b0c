/**
 * The dialogs of the Users panel: invite a user (e-mail checked with the §5 e-mail rule, full name
 * and role required) and change a user's role. Both offer only the roles the signed-in user may
 * hand out (GET Users/AssignableRoles); the server checks everything again and its refusals show
 * in the banner (§8).
 */
import { type RefObject, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { EmailField } from "../../../components/fields/email-field.tsx";
import { TextField } from "../../../components/fields/text-field.tsx";
import type { FieldHandle } from "../../../components/fields/use-field-error.ts";
import { ModalDialog } from "../../../components/modal-dialog/modal-dialog.tsx";
import { Select } from "../../../components/select/select.tsx";
import { apiRequest } from "../../../http/api-client.ts";
import { runChange, useApi } from "../../../http/use-api.ts";
import { LoadState } from "../common/list-parts.tsx";
import { validateFields } from "../common/validate-fields.ts";
import {
  type AccountUser,
  type AssignableRole,
  FULL_NAME_MAX_LENGTH,
  inviteRequest,
  roleOptions,
} from "./users-model.ts";

/** The role picker of both dialogs, with its loading and error states. */
function RoleSelect(props: {
  uid: string;
  value: number | null;
  onChange: (roleId: number | null) => void;
  fieldRef: RefObject<FieldHandle | null>;
}) {
  const { t } = useTranslation();
  const roles = useApi<AssignableRole[]>("Users/AssignableRoles");
  const list = roles.data ?? [];
  return (
    <LoadState
      loading={roles.loading}
      error={roles.error}
      hasData={roles.data !== null}
      empty={list.length === 0}
      emptyText={t("Users_NoAssignableRoles")}
      onRetry={roles.reload}
    >
      <Select
        ref={props.fieldRef}
        uid={props.uid}
        label={t("Users_Role")}
        required
        value={props.value}
        options={roleOptions(list)}
        onChange={(value) => props.onChange(typeof value === "number" ? value : null)}
      />
    </LoadState>
  );
}

/** The invite dialog; `onInvited` receives the new (Invited) user. */
export function InviteUserDialog(props: { onInvited: (user: AccountUser) => void; onClose: () => void }) {
  const { t } = useTranslation();
  const [email, setEmail] = useState("");
  const [fullName, setFullName] = useState("");
  const [roleId, setRoleId] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const fields = [useRef<FieldHandle>(null), useRef<FieldHandle>(null), useRef<FieldHandle>(null)] as const;
  return (
    <ModalDialog title={t("Users_InviteTitle")} onClose={props.onClose}>
      <form
        className="work-form"
        noValidate
        onSubmit={async (event) => {
          event.preventDefault();
          const body = inviteRequest({ email, fullName, roleId });
          if (busy || !validateFields(fields) || !body) return;
          setBusy(true);
          const user = await runChange(() => apiRequest<AccountUser>("Users", { method: "POST", body }));
          setBusy(false);
          if (user) props.onInvited(user);
        }}
      >
        <p className="work-muted">{t("Users_InviteHelp")}</p>
        <EmailField
          ref={fields[0]}
          uid="user-invite-email"
          label={t("Field_Email")}
          value={email}
          onChange={setEmail}
          required
          maxLength={254}
          autoFocus
        />
        <TextField
          ref={fields[1]}
          uid="user-invite-name"
          label={t("Field_FullName")}
          value={fullName}
          onChange={setFullName}
          required
          maxLength={FULL_NAME_MAX_LENGTH}
          autoComplete="off"
        />
        <RoleSelect uid="user-invite-role" value={roleId} onChange={setRoleId} fieldRef={fields[2]} />
        <div className="work-actions work-actions--end">
          <button type="button" className="kit-button" onClick={props.onClose}>
            {t("Work_Cancel")}
          </button>
          <button type="submit" className="kit-button kit-button--primary" disabled={busy} aria-busy={busy}>
            {t("Users_InviteSubmit")}
          </button>
        </div>
      </form>
    </ModalDialog>
  );
}

/** The change-role dialog of `user`; `onChanged` receives the changed user. */
export function ChangeRoleDialog(props: {
  user: AccountUser;
  onChanged: (user: AccountUser) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [roleId, setRoleId] = useState<number | null>(props.user.RoleRecId);
  const [busy, setBusy] = useState(false);
  const field = useRef<FieldHandle>(null);
  return (
    <ModalDialog title={t("Users_ChangeRoleOf", { name: props.user.FullName })} onClose={props.onClose}>
      <form
        className="work-form"
        noValidate
        onSubmit={async (event) => {
          event.preventDefault();
          if (busy || !validateFields([field]) || roleId === null) return;
          setBusy(true);
          const user = await runChange(() =>
            apiRequest<AccountUser>(`Users/${props.user.RecId}/Role`, {
              method: "PUT",
              body: { RoleRecId: roleId },
            }),
          );
          setBusy(false);
          if (user) props.onChanged(user);
        }}
      >
        <RoleSelect uid="user-role" value={roleId} onChange={setRoleId} fieldRef={field} />
        <div className="work-actions work-actions--end">
          <button type="button" className="kit-button" onClick={props.onClose}>
            {t("Work_Cancel")}
          </button>
          <button type="submit" className="kit-button kit-button--primary" disabled={busy} aria-busy={busy}>
            {t("Work_Save")}
          </button>
        </div>
      </form>
    </ModalDialog>
  );
}
