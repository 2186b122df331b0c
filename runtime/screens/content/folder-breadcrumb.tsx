/**
 * §3: the folder path from the root down to the current folder, as a breadcrumb (WAI-ARIA APG
 * breadcrumb: a labelled navigation landmark, the current folder marked aria-current="page").
 */
import type { MouseEvent } from "react";
import { useTranslation } from "react-i18next";
import { useNodeLabel } from "./folder-tree-view.tsx";
import type { TreeNode } from "./folder-tree.ts";
import "./content-nav.css";

/** Props of a FolderBreadcrumb. */
export interface FolderBreadcrumbProps {
  /** Root first, current folder last. */
  path: TreeNode[];
  hrefOf: (node: TreeNode) => string;
  onNavigate: (node: TreeNode) => void;
}

/** The breadcrumb of a folder path. */
export function FolderBreadcrumb({ path, hrefOf, onNavigate }: FolderBreadcrumbProps) {
  const { t } = useTranslation();
  const labelOf = useNodeLabel();
  if (path.length === 0) return null;
  return (
    <nav aria-label={t("Explorer_FolderPath")} className="content-breadcrumb">
      <ol className="content-breadcrumb__list">
        {path.map((node, index) => {
          const last = index === path.length - 1;
          return (
            <li key={node.id} className="content-breadcrumb__item">
              {last ? (
                <a
                  href={hrefOf(node)}
                  aria-current="page"
                  onClick={(event: MouseEvent) => event.preventDefault()}
                >
                  {labelOf(node)}
                </a>
              ) : (
                <a
                  href={hrefOf(node)}
                  onClick={(event: MouseEvent) => {
                    event.preventDefault();
                    onNavigate(node);
                  }}
                >
                  {labelOf(node)}
                </a>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
