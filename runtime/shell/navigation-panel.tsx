/**
 * The navigation panel and the admin menu (§2.5): a disclosure button in a
 * navigation landmark opening a panel of sections in columns. Keyboard: arrows
 * move between links (Left/Right between columns), Home/End, Escape closes and
 * returns focus to the button (WAI-ARIA disclosure navigation).
 */
import {
  type KeyboardEvent,
  type ReactNode,
  useCallback,
  useEffect,
  useId,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from "react";
import { useTranslation } from "react-i18next";
import { Link, useLocation } from "react-router";
import { customMenuName } from "./custom-menu-names.ts";
import { menuKeyTarget } from "./menu-keyboard.ts";
import { type PanelGeometry, panelGeometry } from "./menu-layout.ts";
import { useDismiss } from "./use-dismiss.ts";

export interface PanelLink {
  id: string;
  textKey: string;
  link: string;
  /** The feature is not included: the link is badged as an upgrade (§4.1 step 11). */
  upgrade?: boolean;
  /** The account's name for the link (its custom menu), for every language / by language. */
  text?: string;
  textByLanguage?: Readonly<Record<string, string>>;
}

export interface PanelSection {
  id: string;
  titleKey: string;
  /** A literal title (the account's custom menu) shown instead of titleKey's text. */
  title?: string;
  /** The account's titles by language, which win over `title`. */
  titleByLanguage?: Readonly<Record<string, string>>;
  links: readonly PanelLink[];
}

/** Props: the button's name and icon, the columns of sections, and the §9 sizes. */
export interface NavigationPanelProps {
  labelKey: string;
  icon: ReactNode;
  columns: readonly (readonly PanelSection[])[];
  /** Width with all columns (§9: MENU_DROPDOWN_WIDTH_PX or ADMIN_MENU_MAX_WIDTH_PX). */
  fullWidth: number;
  maxColumns: number;
}

const ITEM_SELECTOR = "a[data-panel-link]";

/** A navigation landmark with its panel button and panel. */
export function NavigationPanel({ labelKey, icon, columns, fullWidth, maxColumns }: NavigationPanelProps) {
  const { t } = useTranslation();
  const panelId = useId();
  const [open, setOpen] = useState(false);
  const [geometry, setGeometry] = useState<PanelGeometry | null>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const refs = useMemo(() => [buttonRef, panelRef], []);
  const close = useCallback(() => setOpen(false), []);
  useDismiss(open, refs, close);

  // Navigating closes the panel.
  const { key: locationKey } = useLocation();
  useEffect(() => {
    if (locationKey) setOpen(false);
  }, [locationKey]);

  useLayoutEffect(() => {
    if (!open || !buttonRef.current) return;
    const rect = buttonRef.current.getBoundingClientRect();
    setGeometry(
      panelGeometry({
        anchor: { left: rect.left, bottom: rect.bottom },
        viewportWidth: window.innerWidth,
        fullWidth,
        columns: columns.length,
        maxColumns,
      }),
    );
    panelRef.current?.querySelector<HTMLElement>(ITEM_SELECTOR)?.focus();
  }, [open, fullWidth, columns.length, maxColumns]);

  const columnStarts = useMemo(() => {
    const starts: number[] = [];
    let index = 0;
    for (const column of columns) {
      starts.push(index);
      for (const section of column) index += section.links.length;
    }
    return starts;
  }, [columns]);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const items = [...(panelRef.current?.querySelectorAll<HTMLElement>(ITEM_SELECTOR) ?? [])];
    const index = items.indexOf(document.activeElement as HTMLElement);
    const target = menuKeyTarget(event.key, index, items.length, columnStarts);
    if (target === null) return;
    event.preventDefault();
    if (target === "close") {
      setOpen(false);
      buttonRef.current?.focus();
      return;
    }
    items[target]?.focus();
  };

  return (
    <nav className="shell-nav" aria-label={t(labelKey)}>
      <button
        ref={buttonRef}
        type="button"
        className="shell-icon-button"
        aria-expanded={open}
        aria-controls={panelId}
        aria-label={t(labelKey)}
        onClick={() => setOpen((value) => !value)}
      >
        {icon}
      </button>
      {open ? (
        // biome-ignore lint/a11y/noStaticElementInteractions: arrow-key navigation between the links inside (WAI-ARIA disclosure navigation)
        <div
          ref={panelRef}
          id={panelId}
          className="shell-panel"
          style={geometry ? { left: geometry.left, top: geometry.top, width: geometry.width } : undefined}
          onKeyDown={onKeyDown}
        >
          <div className={`shell-panel__columns shell-panel__columns--${columns.length}`}>
            {columns.map((column) => (
              <div className="shell-panel__column" key={column.map((s) => s.id).join(" ")}>
                {column.map((section) => (
                  <PanelSectionView key={section.id} section={section} onNavigate={close} />
                ))}
              </div>
            ))}
          </div>
        </div>
      ) : null}
    </nav>
  );
}

/** One section of the panel: its title and its links (also drawn by the studio's preview of the shell). */
export function PanelSectionView({ section, onNavigate }: { section: PanelSection; onNavigate: () => void }) {
  const { t, i18n } = useTranslation();
  const headingId = useId();
  return (
    <section className="shell-panel__section" aria-labelledby={headingId}>
      <h2 id={headingId} className="shell-panel__title">
        {customMenuName(section.title, section.titleByLanguage, i18n.language) ?? t(section.titleKey)}
      </h2>
      <ul className="shell-panel__links">
        {section.links.map((link) => (
          <li key={link.id}>
            <Link to={link.link} className="shell-panel__link" data-panel-link="" onClick={onNavigate}>
              <span>{customMenuName(link.text, link.textByLanguage, i18n.language) ?? t(link.textKey)}</span>
              {link.upgrade ? <span className="shell-badge">{t("Shell_UpgradeBadge")}</span> : null}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
