/**
 * Team folder security (§2.5 registry, folderRecId). The upstream shares
 * objects with teams (Content/{area}/Objects/{recId}/Shares) but has no
 * security settings per folder, so this dialog lists the account's teams and
 * says that folder access follows the objects' own shares; it changes nothing.
 */
import { useTranslation } from "react-i18next";
import { useApi } from "../../http/use-api.ts";
import { DialogCloseButton, DialogFrame } from "../dialog-frame.tsx";
import type { DialogProps } from "../dialog-props.ts";
import { LoadState } from "../dialog-status.tsx";

/** A team (GET Teams). */
interface Team {
  RecId: number;
  Name: string;
  Members: { RecId: number }[];
}

export function TeamFolderSecurityDialog(_props: DialogProps) {
  const { t } = useTranslation();
  const { state } = useApi<Team[]>("Teams", { quietNotFound: true });
  return (
    <DialogFrame footer={<DialogCloseButton labelKey="Dialog_Close" />}>
      <p>{t("TeamFolderSecurity_NotSupported")}</p>
      <LoadState state={state} />
      {state.status === "ready" ? (
        <ul className="dialog-list" aria-label={t("TeamFolderSecurity_Teams")}>
          {state.data.map((team) => (
            <li key={team.RecId}>
              <span className="dialog-list__main">{team.Name}</span>
              <span className="dialog-note">
                {t("TeamFolderSecurity_Members", { count: team.Members.length })}
              </span>
            </li>
          ))}
        </ul>
      ) : null}
    </DialogFrame>
  );
}
