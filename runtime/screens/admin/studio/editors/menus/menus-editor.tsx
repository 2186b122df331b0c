/**
 * The studio's menus editor (§2.5, §6, §9; schemas/menus.ts): the navigation panel and the admin menu
 * in their columns of sections, the user and help menus, each item selectable into an inspector
 * (its text in the seven languages, hide, its section or column, moves, delete for an added link),
 * links added to existing routes, and the column limits as the draft fills them.
 *
 * Reordering works by mouse and by keyboard (the drag-handle pattern of the WAI-ARIA authoring
 * practices for reorderable lists): each item has a handle button; Space or Enter lifts the item,
 * the arrow keys move it (Left/Right move a section between columns), Space or Enter drops it and
 * Escape puts it back; every step is announced in a live region ("Dashboards moved to position 3 of
 * 7 in Analytics"). A lifted item moves in a preview; the draft changes once it is dropped.
 *
 * The schema has no hidden flag: hiding takes an item out of the operator layer's document, and
 * showing puts the served item back (menu-model.ts). Every rule is the model's; this module carries
 * them out, announces them and keeps the focus where the operator is.
 */
import {
  type DragEvent,
  type FocusEvent,
  type KeyboardEvent,
  type MouseEvent,
  useCallback,
  useEffect,
  useId,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from "react";
import { useTranslation } from "react-i18next";
import { isLanguage } from "../../../../../i18n/i18n.ts";
import {
  ADMIN_MENU_COLUMNS,
  ADMIN_MENU_MAX_WIDTH_PX,
  MENU_COLUMNS,
  MENU_DROPDOWN_WIDTH_PX,
} from "../../../../../state/constants.ts";
import { useManifest } from "../../../../../state/manifest-context.tsx";
import { type KindEditorProps, type Language, STUDIO_LANGUAGES } from "../../studio-model.ts";
import { AddLinkDialog } from "./add-link-dialog.tsx";
import { type InspectorActions, MenuInspector } from "./menu-inspector.tsx";
import {
  columnLimits,
  type DropTarget,
  detachTextKey,
  dropItem,
  ENTRY_MENUS,
  hiddenItems,
  hideItem,
  isAddedItem,
  itemAtPointer,
  itemPosition,
  locateItem,
  type MenuEditResult,
  type MenuRefusal,
  type MenusDocument,
  menusDocumentProblem,
  moveItem,
  moveLinkTo,
  moveSectionAcross,
  moveSectionTo,
  removeAddedLink,
  renameItem,
  SECTION_MENUS,
  type SectionMenu,
  showItem,
  type TextChanges,
  textKeyOf,
} from "./menu-model.ts";
import { type DragItem, EntryMenuView, SectionMenuView, type TreeApi } from "./menu-tree.tsx";
import "./menus-editor.css";

export type { MenusDocument } from "./menu-model.ts";

/** Props: the kind editor's, the routes document the links must open, and optionally the constants. */
export type MenusEditorProps = KindEditorProps<MenusDocument> & {
  /** The routes document as the draft would publish it (the routes a new link may open). */
  routes: unknown;
  /** The constants document as the draft would publish it (the §9 column limits); the build's otherwise. */
  constants?: unknown;
};

/** A lifted item: the document as it was, and as the moves so far make it. */
interface Lifted {
  id: string;
  original: MenusDocument;
  preview: MenusDocument;
}

/** The §9 column limit and full width of each sectioned menu, from the constants document if it has them. */
function menuLimits(constants: unknown): Record<SectionMenu, { max: number; widthPx: number }> {
  const value = (typeof constants === "object" && constants !== null ? constants : {}) as Record<
    string,
    unknown
  >;
  const number = (name: string, fallback: number) =>
    typeof value[name] === "number" && Number.isInteger(value[name]) && (value[name] as number) > 0
      ? (value[name] as number)
      : fallback;
  return {
    main: {
      max: number("menuColumns", MENU_COLUMNS),
      widthPx: number("menuDropdownWidthPx", MENU_DROPDOWN_WIDTH_PX),
    },
    admin: {
      max: number("adminMenuColumns", ADMIN_MENU_COLUMNS),
      widthPx: number("adminMenuMaxWidthPx", ADMIN_MENU_MAX_WIDTH_PX),
    },
  };
}

/** The menus editor (lazily loaded by the studio: its own chunk). */
export default function MenusEditor(props: MenusEditorProps) {
  const { t } = useTranslation();
  const problem = menusDocumentProblem(props.document);
  if (problem !== null) {
    return (
      <p className="studio-menus__warning" role="alert">
        {t("StudioMenus_BrokenDocument", { pointer: problem || "/" })}
      </p>
    );
  }
  return <Editor {...props} />;
}

function Editor(props: MenusEditorProps) {
  const { t, i18n } = useTranslation();
  const manifest = useManifest();
  const { readOnly, onTextsChange } = props;
  const live = menusDocumentProblem(props.live) === null ? props.live : null;
  const instructionsId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [lifted, setLifted] = useState<Lifted | null>(null);
  const [message, setMessage] = useState("");
  const [dragging, setDragging] = useState<DragItem | null>(null);
  const dragStarted = useRef<DragItem | null>(null);
  const [hint, setHint] = useState<TreeApi["hint"]>(null);
  const [adding, setAdding] = useState<SectionMenu | null>(null);
  // The element to focus once React has rendered the change (a CSS selector inside the editor).
  const pendingFocus = useRef<string | null>(null);

  const document = lifted?.preview ?? props.document;
  const uiLanguage: Language = isLanguage(i18n.language) ? i18n.language : "en";
  const { texts } = props;
  const textOf = useCallback(
    (key: string) => texts[uiLanguage]?.[key] ?? texts.en?.[key] ?? key,
    [texts, uiLanguage],
  );
  const nativeNames = manifest.shell.languages.available;
  const languageName = useCallback(
    (language: Language) => nativeNames.find((entry) => entry.code === language)?.nativeName ?? language,
    [nativeNames],
  );
  const limits = menuLimits(props.constants);

  // A passive effect: it runs after a closing dialog has given the focus back to its opener.
  useEffect(() => {
    const selector = pendingFocus.current;
    if (!selector) return;
    pendingFocus.current = null;
    rootRef.current?.querySelector<HTMLElement>(selector)?.focus();
  });

  // A lifted item keeps the focus on its handle wherever it moves (React remounts a moved row).
  useLayoutEffect(() => {
    if (!lifted) return;
    const handle = rootRef.current?.querySelector<HTMLElement>(`[data-handle-id="${lifted.id}"]`);
    if (handle && window.document.activeElement !== handle) handle.focus();
  }, [lifted]);

  // A validation problem's pointer selects its item, and focuses its text or the item itself. Only a
  // new pointer does, not every edit of the document (read through a ref).
  const documentRef = useRef(props.document);
  documentRef.current = props.document;
  const { focusPointer } = props;
  useEffect(() => {
    if (!focusPointer) return;
    const target = itemAtPointer(documentRef.current, focusPointer);
    if (!target) return;
    setSelectedId(target.id);
    pendingFocus.current =
      target.field === "textKey" || target.field === "titleKey"
        ? `#studio-menus-text-${STUDIO_LANGUAGES[0]}`
        : `[data-item-id="${target.id}"]`;
  }, [focusPointer]);

  const nameOf = (doc: MenusDocument, id: string) => textOf(textKeyOf(doc, id));
  const positionText = (doc: MenusDocument, id: string) => {
    const at = itemPosition(doc, id);
    const counts = { position: at.position, count: at.count };
    if (at.within === "section")
      return t("StudioMenus_PositionInSection", { ...counts, section: nameOf(doc, at.sectionId) });
    if (at.within === "column") {
      return t("StudioMenus_PositionInColumn", {
        ...counts,
        column: at.column,
        menu: t(`StudioMenus_Menu_${at.menu}`),
      });
    }
    return t("StudioMenus_PositionInMenu", { ...counts, menu: t(`StudioMenus_Menu_${at.menu}`) });
  };
  // The same sentence twice (a refusal repeated) still changes the region, so it is read again.
  const announce = (text: string) => setMessage((before) => (before === text ? `${text}\u00a0` : text));
  const refusalText = (refusal: MenuRefusal | string) => t(`StudioMenus_Refusal_${refusal}`);

  const applyTexts = (changes: TextChanges) => {
    for (const language of STUDIO_LANGUAGES) {
      const byKey = changes[language];
      if (byKey) onTextsChange(language, byKey);
    }
  };

  /** Commits a move of `id` and announces where it went (or why it did not). */
  const commitMove = (id: string, result: MenuEditResult) => {
    if (!result.ok) {
      announce(refusalText(result.refusal));
      return false;
    }
    props.onChange(result.document);
    announce(
      t("StudioMenus_Moved", {
        name: nameOf(result.document, id),
        position: positionText(result.document, id),
      }),
    );
    return true;
  };

  // ——— keyboard lifting

  const lift = (id: string) => {
    setLifted({ id, original: props.document, preview: props.document });
    announce(
      t("StudioMenus_Lifted", {
        name: nameOf(props.document, id),
        position: positionText(props.document, id),
      }),
    );
  };
  const drop = (current: Lifted) => {
    setLifted(null);
    if (current.preview !== current.original) props.onChange(current.preview);
    announce(
      t("StudioMenus_Dropped", {
        name: nameOf(current.preview, current.id),
        position: positionText(current.preview, current.id),
      }),
    );
  };
  const cancel = (current: Lifted) => {
    setLifted(null);
    announce(
      t("StudioMenus_Cancelled", {
        name: nameOf(current.original, current.id),
        position: positionText(current.original, current.id),
      }),
    );
  };
  const step = (current: Lifted, result: MenuEditResult) => {
    if (!result.ok) {
      announce(refusalText(result.refusal));
      return;
    }
    setLifted({ ...current, preview: result.document });
    announce(
      t("StudioMenus_Moved", {
        name: nameOf(result.document, current.id),
        position: positionText(result.document, current.id),
      }),
    );
  };

  // Pressing anywhere else drops a lifted item where it is.
  useEffect(() => {
    if (!lifted) return;
    const onPointerDown = (event: PointerEvent) => {
      const handle = (event.target as Element | null)?.closest?.(`[data-handle-id="${lifted.id}"]`);
      if (!handle) drop(lifted);
    };
    window.addEventListener("pointerdown", onPointerDown, true);
    return () => window.removeEventListener("pointerdown", onPointerDown, true);
  });

  const onHandleKey = (id: string, event: KeyboardEvent<HTMLButtonElement>) => {
    if (readOnly) return;
    const { key } = event;
    if (!lifted) {
      if (key === " " || key === "Enter") {
        event.preventDefault();
        lift(id);
      }
      return;
    }
    if (lifted.id !== id) return;
    const location = locateItem(lifted.preview, id);
    switch (key) {
      case " ":
      case "Enter":
        event.preventDefault();
        drop(lifted);
        return;
      case "Escape":
        event.preventDefault();
        event.stopPropagation();
        cancel(lifted);
        return;
      case "ArrowUp":
      case "ArrowDown":
        event.preventDefault();
        step(lifted, moveItem(lifted.preview, id, key === "ArrowUp" ? "up" : "down"));
        return;
      case "ArrowLeft":
      case "ArrowRight":
        event.preventDefault();
        if (location?.type === "section") {
          step(lifted, moveSectionAcross(lifted.preview, id, key === "ArrowLeft" ? "left" : "right"));
        }
        return;
      case "Tab":
        drop(lifted);
        return;
    }
  };
  const onHandleClick = (id: string, event: MouseEvent<HTMLButtonElement>) => {
    // A keyboard "click" (detail 0) was the key handler's already.
    if (readOnly || event.detail === 0) return;
    if (lifted?.id === id) drop(lifted);
    else if (!lifted) lift(id);
  };
  const onHandleBlur = (id: string, event: FocusEvent<HTMLButtonElement>) => {
    // Focus going to another element drops the item; a row remounted by a move has no relatedTarget.
    if (lifted?.id === id && event.relatedTarget !== null) drop(lifted);
  };

  // ——— drag and drop

  const onDragStart = (item: DragItem, event: DragEvent<HTMLElement>) => {
    if (readOnly) {
      event.preventDefault();
      return;
    }
    event.dataTransfer.effectAllowed = "move";
    event.dataTransfer.setData("text/plain", item.id);
    // The drop zones appear on the next task: changing the page during dragstart can end the drag.
    dragStarted.current = item;
    window.setTimeout(() => {
      if (dragStarted.current === item) setDragging(item);
    }, 0);
  };
  const onDragOver = (target: DropTarget, hintKey: string, event: DragEvent<HTMLElement>) => {
    if (!dragging) return;
    if (!dropItem(props.document, dragging.id, target).ok) return;
    event.preventDefault();
    event.stopPropagation();
    event.dataTransfer.dropEffect = "move";
    const place = target.at === "item" ? target.place : "end";
    if (hint?.key !== hintKey || hint.place !== place) setHint({ key: hintKey, place });
  };
  const onDrop = (target: DropTarget, event: DragEvent<HTMLElement>) => {
    if (!dragging) return;
    event.preventDefault();
    event.stopPropagation();
    const { id } = dragging;
    dragStarted.current = null;
    setDragging(null);
    setHint(null);
    if (commitMove(id, dropItem(props.document, id, target))) {
      setSelectedId(id);
      pendingFocus.current = `[data-item-id="${id}"]`;
    }
  };
  const onDragEnd = () => {
    dragStarted.current = null;
    setDragging(null);
    setHint(null);
  };

  // ——— inspector actions

  const actions: InspectorActions = {
    rename: (id, language, text) => {
      // A hidden item keeps its texts too: its key is the served document's.
      const source = locateItem(props.document, id) ? props.document : live;
      if (!source) return;
      const result = renameItem(source, id, { [language]: text }, props.routes);
      if (result.ok) applyTexts(result.changes);
    },
    hide: (id) => {
      const result = hideItem(props.document, id);
      if (!result.ok) {
        announce(refusalText(result.refusal));
        return;
      }
      props.onChange(result.document);
      announce(
        result.sectionHidden
          ? t("StudioMenus_HiddenWithSection", {
              name: nameOf(props.document, id),
              section: nameOf(props.document, result.sectionHidden),
            })
          : t("StudioMenus_HiddenDone", { name: nameOf(props.document, id) }),
      );
    },
    show: (id) => {
      if (!live) return;
      const result = showItem(props.document, live, id);
      if (!result.ok) {
        announce(refusalText(result.refusal));
        return;
      }
      props.onChange(result.document);
      announce(
        t("StudioMenus_Shown", {
          name: nameOf(result.document, id),
          position: positionText(result.document, id),
        }),
      );
    },
    move: (id, direction) => {
      const result = moveItem(props.document, id, direction);
      if (!commitMove(id, result) || !result.ok) return;
      // At an edge the pressed button turns disabled: the focus goes to the other one.
      const again = moveItem(result.document, id, direction);
      pendingFocus.current = `[data-inspector-action="${again.ok ? direction : direction === "up" ? "down" : "up"}"]`;
    },
    moveAcross: (id, direction) => {
      const result = moveSectionAcross(props.document, id, direction);
      if (!commitMove(id, result) || !result.ok) return;
      const again = moveSectionAcross(result.document, id, direction);
      pendingFocus.current = `[data-inspector-action="${again.ok ? direction : direction === "left" ? "right" : "left"}"]`;
    },
    toSection: (id, sectionId) => {
      commitMove(id, moveLinkTo(props.document, id, sectionId, Number.POSITIVE_INFINITY));
    },
    toColumn: (id, column) => {
      commitMove(id, moveSectionTo(props.document, id, column, Number.POSITIVE_INFINITY));
    },
    remove: (id) => {
      if (!live) return;
      const name = nameOf(props.document, id);
      const location = locateItem(props.document, id);
      const result = removeAddedLink(props.document, { live, liveTexts: props.liveTexts }, id);
      if (!result.ok) {
        announce(refusalText(result.refusal));
        return;
      }
      props.onChange(result.document);
      const released = result.releasedTextKey;
      if (released) {
        for (const language of STUDIO_LANGUAGES) onTextsChange(language, { [released]: null });
      }
      setSelectedId(null);
      announce(t("StudioMenus_Deleted", { name }));
      // The focus goes to the menu's add button: the deleted row is gone.
      pendingFocus.current = `[data-add-link="${location?.menu ?? "main"}"]`;
    },
    detach: (id) => {
      const result = detachTextKey(props.document, id, props.texts, props.liveTexts);
      props.onChange(result.document);
      applyTexts(result.changes);
      announce(t("StudioMenus_Detached", { name: nameOf(props.document, id), key: result.key }));
      pendingFocus.current = `#studio-menus-text-${STUDIO_LANGUAGES[0]}`;
    },
  };

  const hidden = useMemo(() => (live ? hiddenItems(document, live) : []), [document, live]);
  const addedIds = useMemo(
    () =>
      new Set(
        live
          ? SECTION_MENUS.flatMap((menu) =>
              document[menu].sections.flatMap((section) => section.links.map((link) => link.id)),
            ).filter((id) => isAddedItem(live, id))
          : [],
      ),
    [document, live],
  );

  const api: TreeApi = {
    document,
    readOnly,
    selectedId,
    liftedId: lifted?.id ?? null,
    addedIds,
    instructionsId,
    textOf,
    select: setSelectedId,
    onHandleKey,
    onHandleClick,
    onHandleBlur,
    dragging,
    hint,
    onDragStart,
    onDragOver,
    onDrop,
    onDragEnd,
    onShow: (item) => {
      actions.show(item.id);
      setSelectedId(item.id);
      pendingFocus.current = `[data-item-id="${item.id}"]`;
    },
    onAddLink: setAdding,
  };

  const selected =
    selectedId !== null && (locateItem(document, selectedId) || (live && locateItem(live, selectedId)));
  const selectedLocation = selectedId ? locateItem(props.document, selectedId) : null;
  const addSection =
    selectedLocation && selectedLocation.type !== "entry" && selectedLocation.menu === adding
      ? (props.document[adding].sections[selectedLocation.sectionIndex]?.id ?? null)
      : null;

  return (
    <div className="studio-menus" ref={rootRef}>
      <p className="studio-menus__muted">{t("StudioMenus_Intro")}</p>
      <p id={instructionsId} className="kit-visually-hidden">
        {t("StudioMenus_ReorderInstructions")}
      </p>
      <p className="kit-visually-hidden" role="status" aria-live="polite" aria-atomic="true">
        {message}
      </p>
      <div className="studio-menus__layout">
        <div className="studio-menus__tree">
          {SECTION_MENUS.map((menu) => (
            <SectionMenuView
              key={menu}
              api={api}
              menu={menu}
              limits={columnLimits(document, menu, limits[menu].max, limits[menu].widthPx)}
              hidden={hidden.filter((item) => item.menu === menu)}
            />
          ))}
          {ENTRY_MENUS.map((menu) => (
            <EntryMenuView
              key={menu}
              api={api}
              menu={menu}
              hidden={hidden.filter((item) => item.menu === menu)}
            />
          ))}
        </div>
        <aside className="studio-menus__inspector" aria-label={t("StudioMenus_InspectorLabel")}>
          {selected && selectedId ? (
            <MenuInspector
              key={selectedId}
              id={selectedId}
              document={document}
              live={live}
              routes={props.routes}
              texts={props.texts}
              liveTexts={props.liveTexts}
              readOnly={readOnly || lifted !== null}
              textOf={textOf}
              languageName={languageName}
              actions={actions}
            />
          ) : (
            <p className="studio-menus__muted">{t("StudioMenus_SelectHint")}</p>
          )}
        </aside>
      </div>
      {adding && live ? (
        <AddLinkDialog
          menu={adding}
          sectionId={addSection}
          document={props.document}
          live={live}
          routes={props.routes}
          texts={props.texts}
          liveTexts={props.liveTexts}
          textOf={textOf}
          languageName={languageName}
          onClose={() => setAdding(null)}
          onAdded={(result) => {
            props.onChange(result.document);
            applyTexts(result.changes);
            setAdding(null);
            setSelectedId(result.id);
            announce(t("StudioMenus_Added", { name: result.changes.en?.[result.textKey] ?? result.textKey }));
            pendingFocus.current = `[data-item-id="${result.id}"]`;
          }}
        />
      ) : null}
    </div>
  );
}
