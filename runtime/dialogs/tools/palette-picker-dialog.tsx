/**
 * The palette picker (§2.5 registry): the widget themes of the account and the
 * product (GET Common/WidgetThemes, §3 Widget theme), each shown with its
 * colours; the chosen theme's Key goes back to the opener.
 */
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { useApi } from "../../http/use-api.ts";
import { DialogButton, DialogCloseButton, DialogFrame } from "../dialog-frame.tsx";
import type { DialogProps } from "../dialog-props.ts";
import { LoadState } from "../dialog-status.tsx";

/** A widget theme (§3: Key, and a Value with Dashboard JSON and Widgets' SerializedProperties). */
interface WidgetTheme {
  Key: string;
  Value: { Dashboard: string; Widgets: { Type: string; SerializedProperties: string }[] };
}

const COLOUR = /^#[0-9A-Fa-f]{3,8}$/;
/** Swatch geometry in SVG user units. */
const SWATCH = 16;
const SWATCH_STEP = 20;

/** The distinct colours a theme uses, in order of appearance. */
export function themeColours(theme: WidgetTheme): string[] {
  const colours: string[] = [];
  const collect = (json: string) => {
    try {
      const value = JSON.parse(json) as Record<string, unknown>;
      for (const v of Object.values(value)) {
        if (typeof v === "string" && COLOUR.test(v) && !colours.includes(v.toLowerCase()))
          colours.push(v.toLowerCase());
      }
    } catch {
      // A malformed theme shows no colours rather than failing the list.
    }
  };
  collect(theme.Value.Dashboard);
  for (const widget of theme.Value.Widgets) collect(widget.SerializedProperties);
  return colours;
}

function Swatches({ colours }: { colours: string[] }) {
  const width = colours.length * SWATCH_STEP;
  return (
    <svg aria-hidden="true" viewBox={`0 0 ${width} ${SWATCH}`} height={SWATCH} width={width}>
      {colours.map((colour, index) => (
        <rect
          key={colour}
          x={index * SWATCH_STEP}
          width={SWATCH}
          height={SWATCH}
          fill={colour}
          stroke="currentColor"
        />
      ))}
    </svg>
  );
}

export function PalettePickerDialog({ close }: DialogProps) {
  const { t } = useTranslation();
  const name = useId();
  const { state } = useApi<WidgetTheme[]>("Common/WidgetThemes", { quietNotFound: true });
  const [chosen, setChosen] = useState<string | null>(null);
  return (
    <DialogFrame
      footer={
        <>
          <DialogCloseButton />
          <DialogButton variant="primary" disabled={chosen === null} onClick={() => close(chosen)}>
            {t("Picker_Choose")}
          </DialogButton>
        </>
      }
    >
      <LoadState state={state} />
      {state.status === "ready" ? (
        <fieldset className="dialog-section">
          <legend>{t("PalettePicker_Themes")}</legend>
          <ul className="dialog-list">
            {state.data.map((theme) => (
              <li key={theme.Key}>
                <label className="dialog-choice dialog-list__main">
                  <input
                    type="radio"
                    name={name}
                    checked={chosen === theme.Key}
                    onChange={() => setChosen(theme.Key)}
                  />
                  {theme.Key}
                </label>
                <Swatches colours={themeColours(theme)} />
              </li>
            ))}
          </ul>
        </fieldset>
      ) : null}
    </DialogFrame>
  );
}
