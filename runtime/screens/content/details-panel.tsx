/**
 * The explorer's details panel (a complementary landmark): the selected object's facts, properties
 * and its open/edit links, loaded by id so it also works for an item that is not on the current
 * page (the home screen's ?item= links). Escape or the close button closes it.
 */
import { type KeyboardEvent, type MouseEvent, useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { useManifest } from "../../state/manifest-context.tsx";
import type { ContentApi } from "./content-api.ts";
import type { ObjectDetail } from "./content-types.ts";
import { historyLink, type ObjectLinks } from "./explorer-area.ts";
import type { TreeNode } from "./folder-tree.ts";
import { ObjectFacts, PropertiesPanel } from "./object-summary.tsx";
import { ErrorState, LoadingState } from "./state-views.tsx";
import { useResource } from "./use-resource.ts";
import "./content.css";

/** Props of a DetailsPanel. */
export interface DetailsPanelProps {
  api: ContentApi;
  area: string;
  recId: number;
  /** Changes when the object may have changed (after an action). */
  version: number;
  linksOf: (object: ObjectDetail) => ObjectLinks;
  pathOf: (object: ObjectDetail) => TreeNode[] | null;
  folderHref: (node: TreeNode) => string;
  onFolder: (node: TreeNode) => void;
  onNavigate: (to: string) => void;
  onClose: () => void;
}

/** Details of one object beside the list. */
export function DetailsPanel(props: DetailsPanelProps) {
  const { t } = useTranslation();
  const heading = useRef<HTMLHeadingElement>(null);
  const { routes } = useManifest().routes;
  const { api, recId } = props;
  const object = useResource<ObjectDetail>(`${props.area}:${recId}:${props.version}`, () =>
    api.object(recId),
  );

  // Focus moves to the panel once per opened item (not when it reloads after an action).
  const focusedFor = useRef<number | null>(null);
  useEffect(() => {
    if (object.status !== "ready" || focusedFor.current === recId) return;
    focusedFor.current = recId;
    heading.current?.focus();
  }, [object.status, recId]);

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === "Escape") {
      event.stopPropagation();
      props.onClose();
    }
  };
  const go = (to: string) => (event: MouseEvent) => {
    event.preventDefault();
    props.onNavigate(to);
  };
  const data = object.data;
  const links = data ? props.linksOf(data) : null;
  const history = data ? historyLink(routes, data.Type, data.RecId) : null;
  return (
    <aside className="content-details" aria-label={t("Explorer_Details")} onKeyDown={onKeyDown}>
      <div className="content-details__header">
        <h2 ref={heading} tabIndex={-1} className="content-details__title">
          {data?.Name ?? t("Explorer_Details")}
        </h2>
        <button type="button" className="kit-button" onClick={props.onClose}>
          {t("Explorer_CloseDetails")}
        </button>
      </div>
      {object.status === "loading" && !data ? <LoadingState /> : null}
      {object.status === "error" ? <ErrorState error={object.error} onRetry={object.reload} /> : null}
      {data && links ? (
        <>
          {!data.IsDeleted && (links.view || links.edit || history) ? (
            <p className="content-details__links">
              {links.view ? (
                <a className="kit-button kit-button--primary" href={links.view} onClick={go(links.view)}>
                  {t("Explorer_Open")}
                </a>
              ) : null}
              {links.edit && data.CanChange ? (
                <a className="kit-button" href={links.edit} onClick={go(links.edit)}>
                  {t("Explorer_Edit")}
                </a>
              ) : null}
              {history ? (
                <a className="kit-button" href={history} onClick={go(history)}>
                  {t("Explorer_History")}
                </a>
              ) : null}
            </p>
          ) : null}
          <ObjectFacts
            object={data}
            path={props.pathOf(data)}
            folderHref={props.folderHref}
            onFolder={props.onFolder}
          />
          <PropertiesPanel object={data} headingLevel={3} />
        </>
      ) : null}
    </aside>
  );
}
