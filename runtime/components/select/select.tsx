import { type ReactNode, type Ref, useRef } from "react";
import { useTranslation } from "react-i18next";
import type { CustomValueValidation, SelectValue } from "../../forms/select-rules.ts";
import type { Validator } from "../../forms/validation.ts";
import { describedBy, FieldFrame, fieldIds } from "../fields/field-frame.tsx";
import { useControlId } from "../fields/uid.ts";
import type { FieldHandle, ImposedError } from "../fields/use-field-error.ts";
import { Icon } from "../icon-picker/icon.tsx";
import { Popover } from "../popover/popover.tsx";
import { SelectCustomInput } from "./select-custom-input.tsx";
import { rowId, SelectList } from "./select-list.tsx";
import type { SelectOption } from "./select-options.ts";
import { isChosen, useSelectController } from "./use-select-controller.ts";
import "./select.css";

export interface SelectProps {
  /** Required stable identifier (§8), also the combobox's DOM id. */
  uid: string;
  label: ReactNode;
  options: SelectOption[];
  multiple?: boolean;
  /** §5: an array for a multi-select, a scalar (or null) for a single select. */
  value: SelectValue | SelectValue[] | null | undefined;
  onChange: (value: SelectValue | SelectValue[] | null) => void;
  placeholder?: string;
  required?: boolean;
  validators?: ReadonlyArray<Validator<SelectValue | SelectValue[] | null>>;
  error?: ImposedError;
  disabled?: boolean;
  readOnly?: boolean;
  help?: ReactNode;
  hideLabel?: boolean;
  /** Show the search box; by default from SELECT_SEARCHABLE_FROM_OPTIONS options (§9) or with onSearch. */
  searchable?: boolean;
  /** Server-side search: receives the typed text; `options` are then the caller's results. */
  onSearch?: (query: string) => void;
  loading?: boolean;
  /** Offer adding a value that is not an option (§4.5 adding a custom value). */
  allowCustom?: boolean;
  /** §5: returning false refuses the typed custom value. */
  customValidation?: CustomValueValidation;
  onAddCustomValue?: (value: string) => void;
  /** Removes a `removeable` option (Delete key or its remove button). */
  onRemoveOption?: (option: SelectOption) => void;
  className?: string;
  ref?: Ref<FieldHandle>;
}

/**
 * A single or multi select (APG select-only combobox with a listbox popup): §9 search box, select-all,
 * row height and dropdown height, §5 value checks and custom values, §4.5 open/closed/adding states.
 */
export function Select(props: SelectProps) {
  const { t } = useTranslation();
  const id = useControlId("Select", props.uid);
  const ids = fieldIds(id);
  const listboxId = `${id}-listbox`;
  const box = useRef<HTMLDivElement>(null);
  const trigger = useRef<HTMLDivElement>(null);
  const search = useRef<HTMLInputElement>(null);
  const custom = useRef<HTMLInputElement>(null);
  const select = useSelectController(props, id, { trigger, search, custom });
  const { state, selected, field } = select;
  const expanded = state.mode !== "closed";

  const labels = selected.map((v) => props.options.find((o) => o.value === v)?.label ?? String(v));
  const single = select.multiple ? undefined : props.options.find((o) => isChosen(o, selected));
  const activeId = state.mode === "open" && state.active >= 0 ? rowId(listboxId, state.active) : undefined;
  return (
    <FieldFrame
      ids={ids}
      label={props.label}
      hideLabel={props.hideLabel}
      required={props.required}
      help={props.help}
      error={field.error}
      disabled={props.disabled}
      className={["kit-select", props.className].filter(Boolean).join(" ")}
    >
      <div ref={box} className="kit-input-box kit-select__box">
        <div
          ref={trigger}
          id={id}
          role="combobox"
          tabIndex={props.disabled ? -1 : 0}
          className="kit-select__trigger"
          aria-labelledby={ids.labelId}
          aria-haspopup="listbox"
          aria-expanded={expanded}
          aria-controls={expanded ? listboxId : undefined}
          aria-activedescendant={select.searchable ? undefined : activeId}
          aria-required={props.required || undefined}
          aria-disabled={props.disabled || undefined}
          aria-readonly={props.readOnly || undefined}
          aria-invalid={field.error ? true : undefined}
          aria-describedby={describedBy(ids, props.help, field.error)}
          onClick={() => (expanded ? select.close(false) : select.open())}
          onKeyDown={select.onKeyDown}
          onBlur={field.onBlur}
        >
          {single?.icon ? <Icon name={single.icon} /> : null}
          <span
            className={labels.length > 0 ? "kit-select__value" : "kit-select__value kit-select__placeholder"}
          >
            {labels.length > 0 ? labels.join(", ") : (props.placeholder ?? t("Select_Placeholder"))}
          </span>
        </div>
      </div>
      <Popover
        open={expanded}
        anchor={box}
        onClose={() => select.close(false)}
        width="anchor"
        closeOnEscape={false}
        restoreFocus={false}
        className="kit-select__popup"
      >
        <div className="kit-select__panel">
          {select.searchable ? (
            <input
              ref={search}
              type="search"
              className="kit-input kit-select__search"
              aria-label={t("Select_SearchPlaceholder")}
              placeholder={t("Select_SearchPlaceholder")}
              aria-controls={listboxId}
              aria-autocomplete="list"
              aria-activedescendant={activeId}
              value={state.query}
              onChange={(event) => select.setQuery(event.target.value)}
              onKeyDown={select.onKeyDown}
            />
          ) : null}
          <SelectList
            listboxId={listboxId}
            labelId={ids.labelId}
            rows={select.rows}
            active={state.active}
            selected={selected}
            multiple={select.multiple}
            loading={props.loading}
            onActivate={(index) => select.dispatch({ type: "activate", index })}
            onChoose={select.choose}
            onRemove={props.onRemoveOption ? select.remove : undefined}
          />
          {state.mode === "adding" ? (
            <SelectCustomInput
              inputRef={custom}
              text={state.customText}
              refused={select.customRefused}
              onText={select.customText}
              onCommit={select.addCustom}
              onCancel={select.cancelCustom}
            />
          ) : null}
        </div>
      </Popover>
    </FieldFrame>
  );
}
