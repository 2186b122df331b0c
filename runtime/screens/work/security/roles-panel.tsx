/**
 * /roles (§2.2 Security): the account's roles (`GET Roles`) and the permission editor of §3 for the
 * chosen one, saved as its permission string (`PUT Roles/{id}`); new roles start without any
 * permission; a role nobody holds can be deleted. The owner role is read-only (the upstream keeps
 * every permission on it so an account never locks itself out). Changes need Roles at rw.
 */
import { useId, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { apiRequest } from "../../../http/api-client.ts";
import { reportSuccess } from "../../../http/report-error.ts";
import { runChange, useApi } from "../../../http/use-api.ts";
import { useManifest } from "../../../state/manifest-context.tsx";
import { ChoiceTable } from "../common/choice-table.tsx";
import { ConfirmDialog } from "../common/confirm-dialog.tsx";
import { LoadState } from "../common/list-parts.tsx";
import { useCanWrite } from "../common/use-access.ts";
import { NameDialog } from "./name-dialog.tsx";
import { PermissionEditor } from "./permission-editor.tsx";
import {
  type EditorCatalogue,
  formatPermissions,
  isChanged,
  levelCounts,
  readPermissions,
  setLevel,
} from "./permission-model.ts";

/** A role as the upstream returns it. */
export interface Role {
  RecId: number;
  Name: string;
  Permissions: string;
  IsOwner: boolean;
  UserCount: number;
  ModifiedAt: string | null;
}

/** The roles list and editor. */
export function RolesPanel({ headingId }: { headingId: string }) {
  const { t } = useTranslation();
  const catalogue = useManifest().permissions as EditorCatalogue;
  const roles = useApi<Role[]>("Roles");
  const canWrite = useCanWrite("Roles");
  const [chosenId, setChosenId] = useState<number | null>(null);
  const [creating, setCreating] = useState(false);
  const [deleting, setDeleting] = useState<Role | null>(null);
  const list = roles.data ?? [];
  const chosen = list.find((role) => role.RecId === chosenId) ?? list[0] ?? null;

  const create = async (name: string) => {
    const role = await runChange(() =>
      apiRequest<Role>("Roles", { method: "POST", body: { Name: name, Permissions: "" } }),
    );
    if (!role) return false;
    reportSuccess("Roles_Created", { name: role.Name });
    setChosenId(role.RecId);
    roles.reload();
    return true;
  };
  const remove = async (role: Role) => {
    const done = await runChange(() =>
      apiRequest(`Roles/${role.RecId}`, { method: "DELETE" }).then(() => true),
    );
    setDeleting(null);
    if (!done) return;
    reportSuccess("Roles_Deleted", { name: role.Name });
    setChosenId(null);
    roles.reload();
  };

  return (
    <>
      {canWrite ? (
        <div className="work-actions">
          <button type="button" className="kit-button kit-button--primary" onClick={() => setCreating(true)}>
            {t("Roles_New")}
          </button>
        </div>
      ) : null}
      <LoadState
        loading={roles.loading}
        error={roles.error}
        hasData={roles.data !== null}
        empty={list.length === 0}
        onRetry={roles.reload}
      >
        <div className="work-split">
          <ChoiceTable
            labelledBy={headingId}
            items={list}
            chosenId={chosen?.RecId ?? null}
            onChoose={setChosenId}
            nameHeader={t("Work_Name")}
            countHeader={t("Roles_Users")}
            countOf={(role) => role.UserCount}
            detailOf={(role) =>
              role.IsOwner
                ? t("Roles_Owner")
                : t("Roles_Summary", levelCounts(readPermissions(role.Permissions, catalogue)))
            }
          />
          {chosen ? (
            <RoleEditor
              key={`${chosen.RecId}-${chosen.Permissions}`}
              role={chosen}
              catalogue={catalogue}
              canWrite={canWrite}
              onSaved={roles.reload}
              onDelete={() => setDeleting(chosen)}
            />
          ) : null}
        </div>
      </LoadState>
      {creating ? (
        <NameDialog
          title={t("Roles_New")}
          label={t("Work_Name")}
          uid="new-role-name"
          onSubmit={create}
          onClose={() => setCreating(false)}
        />
      ) : null}
      {deleting ? (
        <ConfirmDialog
          title={t("Roles_Delete")}
          message={t("Confirm_Delete", { name: deleting.Name })}
          confirmLabel={t("Action_Delete")}
          danger
          onConfirm={() => remove(deleting)}
          onCancel={() => setDeleting(null)}
        />
      ) : null}
    </>
  );
}

function RoleEditor(props: {
  role: Role;
  catalogue: EditorCatalogue;
  canWrite: boolean;
  onSaved: () => void;
  onDelete: () => void;
}) {
  const { t } = useTranslation();
  const headingId = useId();
  const { role, catalogue } = props;
  const original = useMemo(() => readPermissions(role.Permissions, catalogue), [role.Permissions, catalogue]);
  const [model, setModel] = useState(original);
  const [busy, setBusy] = useState(false);
  const readOnly = !props.canWrite || role.IsOwner;
  const changed = isChanged(model, role.Permissions, catalogue);

  const save = async () => {
    setBusy(true);
    const saved = await runChange(() =>
      apiRequest<Role>(`Roles/${role.RecId}`, {
        method: "PUT",
        body: { Permissions: formatPermissions(model) },
      }),
    );
    setBusy(false);
    if (!saved) return;
    reportSuccess("Roles_Saved", { name: saved.Name });
    props.onSaved();
  };

  return (
    <section className="work-panel work-form" aria-labelledby={headingId}>
      <h2 id={headingId} className="work-section-title">
        {t("Roles_PermissionsOf", { name: role.Name })}
      </h2>
      {role.IsOwner ? <p className="work-muted">{t("Roles_OwnerReadOnly")}</p> : null}
      <PermissionEditor
        uid={`role-${role.RecId}`}
        model={model}
        readOnly={readOnly}
        onChange={(key, level) => setModel((m) => setLevel(m, key, level))}
      />
      {readOnly ? null : (
        <div className="work-actions">
          <button
            type="button"
            className="kit-button kit-button--primary"
            disabled={!changed || busy}
            onClick={save}
          >
            {t("Roles_Save")}
          </button>
          <button
            type="button"
            className="kit-button"
            disabled={!changed || busy}
            onClick={() => setModel(original)}
          >
            {t("Roles_Reset")}
          </button>
          {role.UserCount === 0 ? (
            <button type="button" className="kit-button" onClick={props.onDelete}>
              {t("Roles_Delete")}
            </button>
          ) : null}
        </div>
      )}
    </section>
  );
}
