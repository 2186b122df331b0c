/**
 * The folder tree (WAI-ARIA APG tree view; the navigation tree view example when it navigates):
 * one tab stop with a roving tabindex, arrows, Home/End, * and typeahead from folder-tree.ts; the
 * current folder is aria-current="page" (navigation) or aria-selected (folder picker).
 */
import { type KeyboardEvent, type MouseEvent, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { ancestorIds, type TreeNode, treeKey, treeTypeahead, visibleRows } from "./folder-tree.ts";
import "./content-nav.css";

/** Props of a FolderTreeView. */
export interface FolderTreeViewProps {
  nodes: TreeNode[];
  /** Accessible name of the tree. */
  label: string;
  /** The current folder (navigation) or the chosen one (picker). */
  selectedId: number | null;
  /** navigate: items are links; pick: items are options of a folder picker. */
  mode: "navigate" | "pick";
  /** The link of a node (navigate mode). */
  hrefOf?: (node: TreeNode) => string;
  /** Click, Enter or Space on a node. */
  onActivate: (node: TreeNode) => void;
  /** Nodes that cannot be chosen (picker). */
  isDisabled?: (node: TreeNode) => boolean;
}

/** The label of a node: the root's translated name, or the folder's own. */
export function useNodeLabel(): (node: TreeNode) => string {
  const { t } = useTranslation();
  return (node) =>
    node.kind === "Folder"
      ? node.name
      : t(node.kind === "All" ? "Explorer_AllItems" : `Explorer_Root_${node.kind}`);
}

export function FolderTreeView(props: FolderTreeViewProps) {
  const { t } = useTranslation();
  const labelOf = useNodeLabel();
  const { nodes, selectedId } = props;
  const [expanded, setExpanded] = useState<Set<number>>(
    () => new Set(selectedId === null ? [] : [...ancestorIds(nodes, selectedId), selectedId]),
  );
  const [focusedId, setFocusedId] = useState<number | null>(selectedId);
  const items = useRef(new Map<number, HTMLElement>());
  const moveFocus = useRef(false);

  // A new current folder opens, with its ancestors, and becomes the tab stop.
  useEffect(() => {
    if (selectedId === null) return;
    setFocusedId(selectedId);
    setExpanded((previous) => {
      const missing = [...ancestorIds(nodes, selectedId), selectedId].filter((id) => !previous.has(id));
      return missing.length === 0 ? previous : new Set([...previous, ...missing]);
    });
  }, [nodes, selectedId]);

  const rows = visibleRows(nodes, expanded);
  const tabStop = rows.some((row) => row.node.id === focusedId) ? focusedId : (rows[0]?.node.id ?? null);

  useEffect(() => {
    if (!moveFocus.current || tabStop === null) return;
    moveFocus.current = false;
    items.current.get(tabStop)?.focus();
  }, [tabStop]);

  const toggle = (id: number, open: boolean) =>
    setExpanded((previous) => {
      const next = new Set(previous);
      if (open) next.add(id);
      else next.delete(id);
      return next;
    });

  const onKeyDown = (event: KeyboardEvent<HTMLUListElement>) => {
    if (tabStop === null || event.altKey || event.ctrlKey || event.metaKey) return;
    let result = treeKey(rows, tabStop, event.key);
    if (!result && event.key.length === 1 && /\S/.test(event.key)) {
      const id = treeTypeahead(
        rows,
        rows.map((row) => labelOf(row.node)),
        tabStop,
        event.key,
      );
      result = id === null ? null : { type: "focus", id };
    }
    if (!result) return;
    event.preventDefault();
    if (result.type === "focus") {
      moveFocus.current = true;
      setFocusedId(result.id);
      if (result.id === tabStop) items.current.get(result.id)?.focus();
    } else if (result.type === "expand") {
      setExpanded((previous) => new Set([...previous, ...result.ids]));
    } else if (result.type === "collapse") {
      toggle(result.id, false);
    } else {
      const row = rows.find((candidate) => candidate.node.id === result.id);
      if (row && !props.isDisabled?.(row.node)) props.onActivate(row.node);
    }
  };

  const renderNodes = (list: TreeNode[], level: number) =>
    list.map((node, index) => {
      const expandable = node.children.length > 0;
      const open = expandable && expanded.has(node.id);
      const disabled = props.isDisabled?.(node) ?? false;
      const current = node.id === selectedId;
      const tabIndex = node.id === tabStop ? 0 : -1;
      const common = {
        ref: (element: HTMLElement | null) => {
          if (element) items.current.set(node.id, element);
          else items.current.delete(node.id);
        },
        "aria-level": level,
        "aria-posinset": index + 1,
        "aria-setsize": list.length,
        "aria-expanded": expandable ? open : undefined,
        className: `content-tree__item${current ? " content-tree__item--current" : ""}${node.deleted ? " content-tree__item--deleted" : ""}`,
        onFocus: () => setFocusedId(node.id),
        onClick: (event: MouseEvent) => {
          event.preventDefault();
          if (disabled) return;
          if (expandable && !open) toggle(node.id, true);
          props.onActivate(node);
        },
      } as const;
      const content = (
        <>
          <span
            className={`content-tree__toggle${expandable ? "" : " content-tree__toggle--leaf"}`}
            aria-hidden="true"
            onClick={(event) => {
              event.preventDefault();
              event.stopPropagation();
              if (expandable) toggle(node.id, !open);
            }}
          >
            {expandable ? (open ? "▾" : "▸") : ""}
          </span>
          <span className="content-tree__label">{labelOf(node)}</span>
          {node.deleted ? <span className="visually-hidden">{t("Explorer_DeletedMarker")}</span> : null}
        </>
      );
      return (
        <li key={node.id} role="none">
          {props.mode === "navigate" ? (
            <a
              role="treeitem"
              {...common}
              href={props.hrefOf?.(node) ?? "#"}
              aria-current={current ? "page" : undefined}
            >
              {content}
            </a>
          ) : (
            <span
              role="treeitem"
              tabIndex={tabIndex}
              {...common}
              aria-selected={current}
              aria-disabled={disabled || undefined}
            >
              {content}
            </span>
          )}
          {open ? (
            // biome-ignore lint/a11y/useSemanticElements: APG tree view: a child list has the group role
            <ul role="group" className="content-tree__group">
              {renderNodes(node.children, level + 1)}
            </ul>
          ) : null}
        </li>
      );
    });

  return (
    // biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: APG tree view: the list has the tree role
    <ul role="tree" aria-label={props.label} className="content-tree" onKeyDown={onKeyDown}>
      {renderNodes(nodes, 1)}
    </ul>
  );
}
