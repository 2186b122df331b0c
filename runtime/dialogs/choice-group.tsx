/**
 * A labelled group of radio buttons (APG radio group through native inputs:
 * arrow keys move and select, one tab stop).
 */
import { useId } from "react";
import { useDialogLocked } from "./dialog-context.ts";

/** Props: the group's legend, its options and the chosen value. */
export interface ChoiceGroupProps<V extends string> {
  legend: string;
  options: readonly { value: V; label: string }[];
  value: V;
  onChange: (value: V) => void;
}

/** The radio group. */
export function ChoiceGroup<V extends string>({ legend, options, value, onChange }: ChoiceGroupProps<V>) {
  const name = useId();
  const locked = useDialogLocked();
  return (
    <fieldset className="dialog-section">
      <legend>{legend}</legend>
      <div className="dialog-choices">
        {options.map((option) => (
          <label key={option.value} className="dialog-choice">
            <input
              type="radio"
              name={name}
              value={option.value}
              checked={value === option.value}
              disabled={locked}
              onChange={() => onChange(option.value)}
            />
            {option.label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
