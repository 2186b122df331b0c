import { type ReactNode, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { FieldFrame, fieldIds } from "../fields/field-frame.tsx";
import { TextField } from "../fields/text-field.tsx";
import { useControlId } from "../fields/uid.ts";
import { addRecentColour, normalizeColour } from "./recent-colours.ts";
import "./colour-picker.css";

/** Props of a ColourPicker. */
export interface ColourPickerProps {
  /** Required stable identifier (§8), also the colour input's DOM id. */
  uid: string;
  label: ReactNode;
  /** The colour as #rrggbb, or null for none. */
  value: string | null;
  onChange: (colour: string) => void;
  /** §3 client preferences: the most recent colours, most recent first. */
  recentColours: readonly string[];
  /** Receives the new recent list (at most RECENT_COLOURS_MAX, §9) each time a colour is used. */
  onRecentColoursChange: (colours: string[]) => void;
  /** Preset swatches offered besides the recent colours. */
  palette?: readonly string[];
  disabled?: boolean;
  help?: ReactNode;
}

/**
 * A colour picker: the system colour dialog, a hex input and swatches of the recent colours (§9: at most
 * RECENT_COLOURS_MAX, most recent first, deduplicated) and of an optional palette.
 */
export function ColourPicker(props: ColourPickerProps) {
  const { t } = useTranslation();
  const id = useControlId("ColourPicker", props.uid);
  const ids = fieldIds(id);
  const current = props.value ? normalizeColour(props.value) : null;
  const [hex, setHex] = useState(current ?? "");
  const [shownValue, setShownValue] = useState(current);
  if (shownValue !== current) {
    setShownValue(current);
    setHex(current ?? "");
  }

  const use = (colour: string) => {
    const normal = normalizeColour(colour);
    if (!normal) return;
    props.onChange(normal);
    props.onRecentColoursChange(addRecentColour(props.recentColours, normal));
  };
  // The system dialog reports every drag as input; the native change event (dialog closed) means "used".
  const system = useRef<HTMLInputElement>(null);
  const latestUse = useRef(use);
  latestUse.current = use;
  useEffect(() => {
    const element = system.current;
    if (!element) return;
    const onCommit = () => latestUse.current(element.value);
    element.addEventListener("change", onCommit);
    return () => element.removeEventListener("change", onCommit);
  }, []);
  const swatches = (title: string, colours: readonly string[]) =>
    colours.length === 0 ? null : (
      <fieldset className="kit-colour__swatches" disabled={props.disabled}>
        <legend className="kit-colour__legend">{title}</legend>
        {colours.map((colour) => (
          <button
            key={colour}
            type="button"
            className="kit-colour__swatch"
            aria-label={colour}
            aria-pressed={colour === current}
            data-colour={colour}
            style={{ backgroundColor: colour }}
            onClick={() => use(colour)}
          />
        ))}
      </fieldset>
    );
  const recent = props.recentColours.map(normalizeColour).filter((c): c is string => c !== null);
  const palette = (props.palette ?? []).map(normalizeColour).filter((c): c is string => c !== null);
  return (
    <FieldFrame ids={ids} label={props.label} help={props.help} error={null} disabled={props.disabled}>
      <div className="kit-colour">
        <input
          ref={system}
          id={id}
          type="color"
          className="kit-colour__system"
          value={current ?? "#000000"}
          disabled={props.disabled}
          onChange={(event) => props.onChange(event.target.value)}
        />
        <TextField
          uid={`${id}-hex`}
          label={t("ColourPicker_Hex")}
          value={hex}
          disabled={props.disabled}
          monospace
          maxLength={7}
          validators={[
            (text) => (text === "" || normalizeColour(text) ? null : "ColourPicker_InvalidColour"),
          ]}
          onChange={(text) => {
            setHex(text);
            const normal = normalizeColour(text);
            if (normal && text.replace(/^#/, "").length === 6) props.onChange(normal);
          }}
          onBlur={() => normalizeColour(hex) && use(hex)}
        />
      </div>
      {swatches(t("ColourPicker_Recent"), recent)}
      {swatches(t("ColourPicker_Palette"), palette)}
    </FieldFrame>
  );
}
