import { type KeyboardEvent, type ReactNode, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { ICON_PICKER_CATEGORIES, ICON_WEIGHTS } from "../../state/constants.ts";
import { FieldFrame, fieldIds } from "../fields/field-frame.tsx";
import { TextField } from "../fields/text-field.tsx";
import { useControlId } from "../fields/uid.ts";
import { Select } from "../select/select.tsx";
import { VirtualList } from "../virtual-list/virtual-list.tsx";
import { Icon } from "./icon.tsx";
import {
  filterIcons,
  type IconCategory,
  type IconChoice,
  type IconEntry,
  type IconWeight,
  isIconCategory,
} from "./icon-filter.ts";
import "./icon-picker.css";

/** Side of one icon cell in pixels (the grid's geometry, not a business constant). */
const ICON_CELL_PX = 40;
const GRID_MAX_HEIGHT_PX = 6 * ICON_CELL_PX;

/** Props of an IconPicker. */
export interface IconPickerProps {
  /** Required stable identifier (§8). */
  uid: string;
  label: ReactNode;
  /** The icon catalogue, each icon in one §9 category and some §9 weights. */
  icons: readonly IconEntry[];
  value: IconChoice | null;
  onChange: (choice: IconChoice) => void;
  disabled?: boolean;
  help?: ReactNode;
}

/** Picks an icon by §9 category and weight, with search; the grid is a keyboard-operable listbox. */
export function IconPicker(props: IconPickerProps) {
  const { t } = useTranslation();
  const id = useControlId("IconPicker", props.uid);
  const ids = fieldIds(id);
  const [query, setQuery] = useState("");
  const [category, setCategory] = useState<IconCategory | null>(null);
  const [weight, setWeight] = useState<IconWeight>(props.value?.weight ?? "regular");
  const [active, setActive] = useState(0);
  const grid = useRef<HTMLDivElement>(null);
  const [columns, setColumns] = useState(1);
  useEffect(() => {
    const element = grid.current;
    if (!element) return;
    const observer = new ResizeObserver(() =>
      setColumns(Math.max(1, Math.floor(element.clientWidth / ICON_CELL_PX))),
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  const icons = filterIcons(props.icons, { category, weight, query });
  const rows: IconEntry[][] = [];
  for (let start = 0; start < icons.length; start += columns) rows.push(icons.slice(start, start + columns));
  const activeIndex = Math.min(active, Math.max(0, icons.length - 1));
  const optionId = (index: number) => `${id}-icon-${index}`;
  const choose = (icon: IconEntry) => props.onChange({ name: icon.name, weight });

  const onKeyDown = (event: KeyboardEvent) => {
    const moves: Record<string, number> = {
      ArrowRight: 1,
      ArrowLeft: -1,
      ArrowDown: columns,
      ArrowUp: -columns,
      Home: -activeIndex,
      End: icons.length - 1 - activeIndex,
    };
    const move = moves[event.key];
    if (move !== undefined) setActive(Math.min(icons.length - 1, Math.max(0, activeIndex + move)));
    else if (event.key === "Enter" || event.key === " ") {
      const icon = icons[activeIndex];
      if (icon) choose(icon);
    } else return;
    event.preventDefault();
  };

  const categoryOptions = [
    { label: t("IconPicker_AllCategories"), value: "" },
    ...ICON_PICKER_CATEGORIES.map((c) => ({ label: t(`IconCategory_${c}`), value: c })),
  ];
  const weightOptions = ICON_WEIGHTS.map((w) => ({ label: t(`IconWeight_${w}`), value: w }));
  return (
    <FieldFrame ids={ids} label={props.label} help={props.help} error={null} disabled={props.disabled}>
      <div className="kit-icons__filters">
        <TextField
          uid={`${id}-search`}
          label={t("IconPicker_Search")}
          type="search"
          value={query}
          disabled={props.disabled}
          onChange={(text) => {
            setQuery(text);
            setActive(0);
          }}
        />
        <Select
          uid={`${id}-category`}
          label={t("IconPicker_Category")}
          options={categoryOptions}
          value={category ?? ""}
          disabled={props.disabled}
          onChange={(value) => {
            setCategory(isIconCategory(value) ? value : null);
            setActive(0);
          }}
        />
        <Select
          uid={`${id}-weight`}
          label={t("IconPicker_Weight")}
          options={weightOptions}
          value={weight}
          disabled={props.disabled}
          onChange={(value) =>
            setWeight((ICON_WEIGHTS as readonly unknown[]).includes(value) ? (value as IconWeight) : weight)
          }
        />
      </div>
      <div ref={grid} className="kit-icons__grid">
        {icons.length === 0 ? (
          <p className="kit-icons__empty" role="status">
            {t("IconPicker_NoIcons")}
          </p>
        ) : (
          <VirtualList
            id={id}
            role="listbox"
            aria-labelledby={ids.labelId}
            aria-activedescendant={optionId(activeIndex)}
            tabIndex={props.disabled ? -1 : 0}
            onKeyDown={onKeyDown}
            items={rows}
            itemHeight={ICON_CELL_PX}
            maxHeight={GRID_MAX_HEIGHT_PX}
            activeIndex={Math.floor(activeIndex / columns)}
            renderItem={(row, rowIndex) => (
              <div
                role="presentation"
                className="kit-icons__row"
                style={{ gridTemplateColumns: `repeat(${columns}, 1fr)` }}
              >
                {row.map((icon, column) => {
                  const index = rowIndex * columns + column;
                  const selected = props.value?.name === icon.name && props.value.weight === weight;
                  return (
                    // biome-ignore lint/a11y/useFocusableInteractive: options stay unfocusable; the listbox has focus (aria-activedescendant, APG)
                    // biome-ignore lint/a11y/useKeyWithClickEvents: the keyboard is handled on the focused listbox
                    <div
                      key={icon.name}
                      id={optionId(index)}
                      role="option"
                      aria-selected={selected}
                      aria-label={icon.name.replace(/-/g, " ")}
                      className={
                        index === activeIndex ? "kit-icons__cell kit-icons__cell--active" : "kit-icons__cell"
                      }
                      onMouseDown={(event) => event.preventDefault()}
                      onClick={() => {
                        setActive(index);
                        if (!props.disabled) choose(icon);
                      }}
                    >
                      <Icon name={icon.name} weight={weight} />
                    </div>
                  );
                })}
              </div>
            )}
          />
        )}
      </div>
    </FieldFrame>
  );
}
