/**
 * The header of a viewer or editor: the object's name (the page's heading), its type, and its
 * actions — favourite (a toggle button), edit (when the user may change it), and exit back to its
 * folder in the explorer (left out where the route says showExitButton: false, §2.2 /mobile/report).
 */
import { type MouseEvent, type ReactNode, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { contentApi } from "./content-api.ts";
import { showErrorBanner } from "./content-feedback.ts";
import type { ObjectDetail } from "./content-types.ts";
import "./content.css";

/** Props of an ObjectHeader. */
export interface ObjectHeaderProps {
  area: string;
  object: ObjectDetail;
  /** The editor of the object, when the user may use it. */
  editHref?: string | null;
  /** Where exit goes; no exit button when null. */
  exitHref: string | null;
  /** After the favourite changed. */
  onChanged: (object: ObjectDetail) => void;
  /** Extra actions (save, discard). */
  children?: ReactNode;
}

/** Heading, type and actions of an object page. */
export function ObjectHeader(props: ObjectHeaderProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { object } = props;
  const [busy, setBusy] = useState(false);
  const go = (to: string) => (event: MouseEvent) => {
    event.preventDefault();
    navigate(to);
  };
  const toggleFavourite = () => {
    setBusy(true);
    contentApi(props.area)
      .favourite(object.RecId, !object.IsFavourite)
      .then(props.onChanged, showErrorBanner)
      .finally(() => setBusy(false));
  };
  return (
    <header className="content-page-header">
      <div className="content-page-header__row">
        <div>
          <h1 className="content-page-title">{object.Name}</h1>
          <p className="content-muted">{t(`ObjectType_${object.Type}`)}</p>
        </div>
        <div className="content-actions">
          {props.children}
          {object.IsDeleted ? null : (
            <button
              type="button"
              className="kit-button"
              aria-pressed={object.IsFavourite}
              disabled={busy}
              onClick={toggleFavourite}
            >
              <span aria-hidden="true">{object.IsFavourite ? "★" : "☆"}</span>
              {t("Viewer_Favourite")}
            </button>
          )}
          {props.editHref && object.CanChange && !object.IsDeleted ? (
            <a className="kit-button" href={props.editHref} onClick={go(props.editHref)}>
              {t("Explorer_Edit")}
            </a>
          ) : null}
          {props.exitHref ? (
            <a className="kit-button" href={props.exitHref} onClick={go(props.exitHref)}>
              {t("Viewer_Exit")}
            </a>
          ) : null}
        </div>
      </div>
    </header>
  );
}
