/**
 * What is known of an object, shown the same way in the explorer's details panel and the viewers:
 * facts (type, folder path, owner, created, modified, teams it is shared with) and the properties
 * of its definition (object-properties.ts).
 */
import type { MouseEvent, ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { useFormatters } from "./content-format.ts";
import type { ObjectDetail } from "./content-types.ts";
import { useNodeLabel } from "./folder-tree-view.tsx";
import type { TreeNode } from "./folder-tree.ts";
import { propertyRows } from "./object-properties.ts";
import "./content.css";

/** Props of ObjectFacts. */
export interface ObjectFactsProps {
  object: ObjectDetail;
  /** The folder path root first; null while unknown or for objects only shared with the caller. */
  path: TreeNode[] | null;
  folderHref?: ((node: TreeNode) => string) | null;
  /** Follows a folder link; without it the link navigates inside the app by itself. */
  onFolder?: (node: TreeNode) => void;
}

/** The facts of an object as a description list. */
export function ObjectFacts({ object, path, folderHref, onFolder }: ObjectFactsProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const format = useFormatters();
  const labelOf = useNodeLabel();
  const folder =
    object.FolderRecId === null ? (
      t("Viewer_SharedWithYou")
    ) : path && path.length > 0 ? (
      <span className="content-path">
        {path.map((node, index) => (
          <span key={node.id} className="content-path__step">
            {index > 0 ? <span aria-hidden="true"> / </span> : null}
            {folderHref ? (
              <a
                href={folderHref(node)}
                onClick={(event: MouseEvent) => {
                  event.preventDefault();
                  if (onFolder) onFolder(node);
                  else navigate(folderHref(node));
                }}
              >
                {labelOf(node)}
              </a>
            ) : (
              labelOf(node)
            )}
          </span>
        ))}
      </span>
    ) : (
      "…"
    );
  const facts: Array<[string, ReactNode]> = [
    ["Viewer_Type", t(`ObjectType_${object.Type}`)],
    ["Viewer_Folder", folder],
    ["Viewer_Owner", object.OwnerFullName],
    ["Viewer_Created", format.dateTime(object.CreatedAt)],
    ["Viewer_Modified", format.dateTime(object.ModifiedAt)],
  ];
  if (object.IsDeleted) facts.push(["Viewer_Deleted", format.dateTime(object.DeletedAt)]);
  if (object.SharedWith.length > 0) {
    facts.push(["Viewer_SharedWithTeams", object.SharedWith.map((share) => share.TeamName).join(", ")]);
  }
  if (!object.CanChange) facts.push(["Viewer_Access", t("Viewer_ReadOnly")]);
  return (
    <dl className="content-facts">
      {facts.map(([key, value]) => (
        <div key={key} className="content-facts__row">
          <dt>{t(key)}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** The properties of an object's definition; says so when it has none. */
export function PropertiesPanel({
  object,
  headingLevel = 2,
}: {
  object: ObjectDetail;
  headingLevel?: 2 | 3;
}) {
  const { t } = useTranslation();
  const format = useFormatters();
  const rows = propertyRows(object.Properties);
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <section className="content-properties" aria-label={t("Viewer_Properties")}>
      <Heading className="content-section-title">{t("Viewer_Properties")}</Heading>
      {rows.length === 0 ? (
        <p className="content-muted">{t("Viewer_NoProperties")}</p>
      ) : (
        <dl className="content-facts">
          {rows.map((row) => (
            <div key={row.key} className="content-facts__row">
              <dt>{row.key}</dt>
              <dd>
                {row.kind === "text" ? row.value : null}
                {row.kind === "bytes" ? format.bytes(row.value) : null}
                {row.kind === "empty" ? (
                  <span className="content-muted">{t("Viewer_EmptyValue")}</span>
                ) : null}
                {row.kind === "json" ? <pre className="content-json">{row.value}</pre> : null}
                {row.kind === "image" ? (
                  <img
                    className="content-thumbnail"
                    src={row.src}
                    alt={t("Viewer_ImageOf", { field: row.key, name: object.Name })}
                  />
                ) : null}
              </dd>
            </div>
          ))}
        </dl>
      )}
    </section>
  );
}
