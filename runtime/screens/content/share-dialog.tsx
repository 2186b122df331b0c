/**
 * Share with teams / unshare: the account's teams as checkboxes, the current shares checked; Save
 * sends one call per change (PUT or DELETE …/Shares/{teamRecId}). Listing the teams needs the Teams
 * permission; without it only the current shares are listed and may be removed. Dashboards, binders
 * and live documents also get the "Public link" section (share-public-links.tsx) for members with rw
 * on their area.
 */
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { hasRolePermission } from "../../../core/access/access-profile.ts";
import { Checkbox } from "../../components/fields/checkbox.tsx";
import { ModalDialog } from "../../components/modal-dialog/modal-dialog.tsx";
import { sessionStore } from "../../session/session-store.ts";
import { useStore } from "../../state/create-store.ts";
import type { ContentApi } from "./content-api.ts";
import { listTeams } from "./content-api.ts";
import { errorMessage } from "./content-feedback.ts";
import type { ObjectBody, ObjectDetail, TeamBody } from "./content-types.ts";
import { DialogButtons } from "./dialog-buttons.tsx";
import { shareChanges } from "./explorer-actions.ts";
import { isPublicLinkType, PUBLIC_LINK_AREAS } from "./share-link-api.ts";
import { SharePublicLinks } from "./share-public-links.tsx";
import { ErrorState, LoadingState } from "./state-views.tsx";
import { useResource } from "./use-resource.ts";

/** Props of a ShareDialog. */
export interface ShareDialogProps {
  item: ObjectBody;
  api: ContentApi;
  onSaved: (changes: { share: number[]; unshare: number[] }) => void;
  onCancel: () => void;
  returnFocus?: () => HTMLElement | null;
}

/** What the dialog lists: the object's shares and the teams that may be chosen. */
interface ShareData {
  detail: ObjectDetail;
  teams: TeamBody[] | null;
}

/** Chooses the teams an object is shared with. */
export function ShareDialog(props: ShareDialogProps) {
  const { t } = useTranslation();
  const profile = useStore(sessionStore, (s) => s.profile);
  const mayListTeams = profile ? hasRolePermission(profile, "Teams") : false;
  const { api, item } = props;
  const publicLinkType = isPublicLinkType(item.Type) ? item.Type : null;
  const mayLinkPublicly =
    publicLinkType !== null && profile !== null
      ? hasRolePermission(profile, PUBLIC_LINK_AREAS[publicLinkType], "rw")
      : false;
  const data = useResource<ShareData>(`share:${item.RecId}`, async (signal) => {
    const [detail, teams] = await Promise.all([
      api.object(item.RecId),
      mayListTeams ? listTeams(signal) : Promise.resolve(null),
    ]);
    return { detail, teams };
  });
  const current = useMemo(
    () => data.data?.detail.SharedWith.map((share) => share.TeamRecId) ?? [],
    [data.data],
  );
  const [chosen, setChosen] = useState<number[] | null>(null);
  const picked = chosen ?? current;
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const options = useMemo(() => {
    const shared = data.data?.detail.SharedWith.map((s) => ({ RecId: s.TeamRecId, Name: s.TeamName })) ?? [];
    const teams = data.data?.teams ?? [];
    const all = [...teams, ...shared.filter((s) => !teams.some((team) => team.RecId === s.RecId))];
    return all.sort((a, b) => a.Name.localeCompare(b.Name));
  }, [data.data]);

  const save = async () => {
    const changes = shareChanges(current, picked);
    setBusy(true);
    setError(null);
    try {
      for (const id of changes.share) await api.share(item.RecId, id, true);
      for (const id of changes.unshare) await api.share(item.RecId, id, false);
      props.onSaved(changes);
    } catch (failure) {
      setError(errorMessage(failure));
      setBusy(false);
      data.reload();
      setChosen(null);
    }
  };

  const toggle = (id: number, on: boolean) =>
    setChosen(on ? [...new Set([...picked, id])] : picked.filter((team) => team !== id));

  return (
    <ModalDialog
      title={t("Explorer_ShareTitle", { name: item.Name })}
      description={<p>{t("Explorer_ShareText")}</p>}
      onSubmit={() => {
        if (data.status === "ready") void save();
      }}
      onClose={props.onCancel}
      closeButton={false}
      busy={busy}
      error={error}
      footer={
        <DialogButtons
          onCancel={props.onCancel}
          submitLabel={t("Content_Save")}
          submitDisabled={data.status !== "ready"}
          busy={busy}
        />
      }
      returnFocus={props.returnFocus}
    >
      {data.status === "loading" && !data.data ? <LoadingState /> : null}
      {data.status === "error" ? <ErrorState error={data.error} onRetry={data.reload} /> : null}
      {data.data ? (
        <fieldset className="content-fieldset">
          <legend>{t("Explorer_ShareTeams")}</legend>
          {options.length === 0 ? <p>{t("Explorer_ShareNoTeams")}</p> : null}
          {options.map((team) => (
            <Checkbox
              key={team.RecId}
              uid={`share-team-${team.RecId}`}
              label={team.Name}
              checked={picked.includes(team.RecId)}
              onChange={(on) => toggle(team.RecId, on)}
              disabled={busy}
            />
          ))}
          {mayListTeams ? null : <p className="content-muted">{t("Explorer_ShareNeedsTeams")}</p>}
        </fieldset>
      ) : null}
      {publicLinkType && mayLinkPublicly ? (
        <SharePublicLinks type={publicLinkType} recId={item.RecId} name={item.Name} />
      ) : null}
    </ModalDialog>
  );
}
