/**
 * The brand colours on the branding tab (§2.2 /accountsettings; DESIGN.md: white-label accounts have
 * their own shell's colours): the primary colour (the top menu bar's fill, under white text) and the
 * accent (links, primary buttons, focus, selection), each with the kit's colour picker, a button
 * back to the product's colour and its measured contrast under it — icon and words, not colour
 * alone — as core/branding/contrast.ts computes it; a refused save lists every failing pair and
 * takes the focus; and a preview of the shell in the light and the dark theme. The editor holds no
 * data of its own: the member's branding tab feeds it from `Account/Settings` (read-only without
 * AccountSettings rw), staff's account detail from `Admin/Accounts/{id}` (brand-colours-panel.tsx,
 * read-only without Write on the Accounts module, §6).
 */
import { useEffect, useId, useRef } from "react";
import { useTranslation } from "react-i18next";
import { ColourPicker } from "../../components/colour-picker/colour-picker.tsx";
import { fieldIds } from "../../components/fields/field-frame.tsx";
import { savedPreferencesStore, saveInterfacePreferences } from "../../dialogs/interface-preferences.ts";
import { reportError } from "../../http/report-error.ts";
import { ErrorIcon, SuccessIcon } from "../../shell/shell-icons.tsx";
import { useStore } from "../../state/create-store.ts";
import { preferencesStore, setPreferences } from "../../theme/preferences-store.ts";
import {
  BRAND_COLOUR_FIELDS,
  BRAND_PALETTE,
  type BrandColoursForm,
  type CheckLine,
  checkLines,
  recentAfterSave,
  recentColoursUnsaved,
  refusalLines,
  verdictOf,
} from "./account-brand-model.ts";
import { AccountBrandPreview } from "./account-brand-preview.tsx";
import "./account-brand.css";

/** Props: the form's colours, the title the preview's bar shows, and what changes them. */
export interface AccountBrandEditorProps {
  form: BrandColoursForm;
  title: string;
  readOnly: boolean;
  /** Counts the saves refused for the colours: each new one shows the refusal and focuses it. */
  refusedSaves: number;
  onChange: (patch: Partial<BrandColoursForm>) => void;
  /** The level of the editor's heading where it sits (default 2; the preview's is one deeper). */
  headingLevel?: 2 | 3 | 4;
}

/**
 * §9: the saved colours become the user's recent colours, kept with their preferences — after
 * either side's save, so the member and staff pickers offer what was last used.
 */
export function rememberSavedColours(form: BrandColoursForm): void {
  const recent = recentAfterSave(preferencesStore.get().recentColors, form);
  setPreferences({ recentColors: recent });
  if (recentColoursUnsaved(recent, savedPreferencesStore.get().saved.recentColors)) {
    saveInterfacePreferences().catch(reportError);
  }
}

const ignoreUntilSaved = () => {};

/** The parameters of a check line with its ratios in the reader's number format. */
function useLineText() {
  const { t, i18n } = useTranslation();
  const number = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 2 });
  return (line: CheckLine) =>
    t(line.key, {
      colour: line.params.colour,
      background: line.params.background,
      ratio: number.format(line.params.ratio),
      required: number.format(line.params.required),
    });
}

/** The colour pickers, their contrast, the refusal of a save and the preview. */
export function AccountBrandEditor({
  form,
  title,
  readOnly,
  refusedSaves,
  onChange,
  headingLevel = 2,
}: AccountBrandEditorProps) {
  const Heading = `h${headingLevel}` as const;
  const { t } = useTranslation();
  const lineText = useLineText();
  const headingId = useId();
  const recentColours = useStore(preferencesStore, (s) => s.recentColors);
  const verdict = verdictOf(form);
  const refusal = refusedSaves > 0 ? refusalLines(verdict) : [];
  const alert = useRef<HTMLDivElement>(null);
  // A refused save moves the focus to what refused it; fixing the colours empties the list.
  useEffect(() => {
    if (refusedSaves > 0) alert.current?.focus();
  }, [refusedSaves]);

  return (
    <section className="account-brand" aria-labelledby={headingId}>
      <Heading id={headingId} className="account-brand__heading">
        {t("Branding_Colours")}
      </Heading>
      <p className="work-muted">{t("Branding_ColoursIntro")}</p>
      {refusal.length > 0 ? (
        <div ref={alert} className="account-brand__refusal" role="alert" tabIndex={-1}>
          <p className="account-brand__refusal-title">
            <ErrorIcon />
            {t("Branding_NotSaved")}
          </p>
          <ul>
            {refusal.map((line) => (
              <li key={line.pair}>{lineText(line)}</li>
            ))}
          </ul>
        </div>
      ) : null}
      <div className="account-brand__colours">
        {BRAND_COLOUR_FIELDS.map(({ field, colour }) => {
          const value = form[field];
          const lines = checkLines(verdict, colour);
          const uid = `account-brand-${colour}`;
          // A group named by the picker's label: its hex field, swatches and checks belong to this colour.
          return (
            <fieldset key={field} className="account-brand__colour" aria-labelledby={fieldIds(uid).labelId}>
              <ColourPicker
                uid={uid}
                label={t(`Branding_Picker_${colour}`)}
                help={t(`Branding_PickerHelp_${colour}`)}
                value={value}
                disabled={readOnly}
                recentColours={recentColours}
                // Colours become recent when the settings are saved (recentAfterSave), not on each pick.
                onRecentColoursChange={ignoreUntilSaved}
                palette={BRAND_PALETTE}
                onChange={(next) => onChange({ [field]: next })}
              />
              <button
                type="button"
                className="kit-button account-brand__reset"
                disabled={readOnly || value === null}
                onClick={() => onChange({ [field]: null })}
              >
                {t(`Branding_UseProductColour_${colour}`)}
              </button>
              {lines.length === 0 ? (
                <p className="work-muted">{t("Branding_ProductColourInUse")}</p>
              ) : (
                <ul
                  className="account-brand__checks"
                  aria-label={t(`Branding_ChecksOf_${colour}`)}
                  aria-live="polite"
                >
                  {lines.map((line) => (
                    <li
                      key={line.pair}
                      className={`account-brand__check account-brand__check--${line.ok ? "ok" : "low"}`}
                    >
                      {line.ok ? <SuccessIcon /> : <ErrorIcon />}
                      <span>
                        <strong>{t(line.ok ? "Branding_Passes" : "Branding_TooLow")}</strong> {lineText(line)}
                      </span>
                    </li>
                  ))}
                </ul>
              )}
            </fieldset>
          );
        })}
      </div>
      <AccountBrandPreview form={form} title={title} headingLevel={(headingLevel + 1) as 3 | 4 | 5} />
    </section>
  );
}
