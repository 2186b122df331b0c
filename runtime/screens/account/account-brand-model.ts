/**
 * The brand colours of the branding tab (§2.2 /accountsettings; DESIGN.md: white-label accounts have
 * their own shell's colours) as data: which checks of core/branding/contrast.ts each colour shows
 * live, the refusal lines a save under WCAG AA shows (the upstream refuses the same pairs), the
 * colours of the light and dark previews, and a palette of presets that pass as either colour.
 */

import {
  type BrandCheck,
  type BrandColourName,
  type BrandPair,
  type BrandVerdict,
  brandVerdict,
} from "../../../core/branding/contrast.ts";
import { addRecentColour } from "../../components/colour-picker/recent-colours.ts";

/** Presets offered beside the recent colours; each passes every check as primary and as accent. */
export const BRAND_PALETTE = [
  "#0b5394",
  "#6a1b9a",
  "#b0006e",
  "#a8201a",
  "#8a3b00",
  "#1e6b34",
  "#005f73",
  "#3c4a5e",
] as const;

/** The two colours of the form, in the order the tab shows them. */
export const BRAND_COLOUR_FIELDS = [
  { field: "BrandPrimaryColor", colour: "primary" },
  { field: "BrandAccentColor", colour: "accent" },
] as const satisfies readonly { field: string; colour: BrandColourName }[];

/** The form's colours. */
export interface BrandColoursForm {
  BrandPrimaryColor: string | null;
  BrandAccentColor: string | null;
}

/** The rule over the form's colours. */
export function verdictOf(form: BrandColoursForm): BrandVerdict {
  return brandVerdict({ primary: form.BrandPrimaryColor, accent: form.BrandAccentColor });
}

/** One measured pair as the tab words it: a text key, its parameters and whether it passes. */
export interface CheckLine {
  pair: BrandPair;
  /** `Branding_Check_<pair>` under the picker, `Branding_Refused_<pair>` in a refusal. */
  key: string;
  params: { colour: string; background: string; ratio: number; required: number };
  ok: boolean;
}

function lineOf(check: BrandCheck, prefix: string): CheckLine {
  // The measured colour: the background of white text on the primary, else the foreground.
  const colour = check.pair === "primaryText" ? check.background : check.foreground;
  return {
    pair: check.pair,
    key: `${prefix}_${check.pair}`,
    params: { colour, background: check.background, ratio: check.ratio, required: check.required },
    ok: check.ok,
  };
}

/** The checks shown under one colour's picker; none while it is the product's own. */
export function checkLines(verdict: BrandVerdict, colour: BrandColourName): CheckLine[] {
  return verdict.checks.filter((check) => check.colour === colour).map((c) => lineOf(c, "Branding_Check"));
}

/** What a refused save names: every failing pair with its measured ratio, in the rule's order. */
export function refusalLines(verdict: BrandVerdict): CheckLine[] {
  return verdict.checks.filter((check) => !check.ok).map((c) => lineOf(c, "Branding_Refused"));
}

/** The colours a preview of one theme sets over that theme's tokens; null keeps the product's. */
export interface PreviewColours {
  /** The top menu bar's fill (white text on it), or null for the product's bar. */
  bar: string | null;
  /** The accent the theme shows: as chosen in light, its dark-theme tone in dark. */
  accent: string | null;
}

/** The preview of `theme`: the form's colours as that theme would show them once saved. */
export function previewColours(form: BrandColoursForm, theme: "light" | "dark"): PreviewColours {
  const verdict = verdictOf(form);
  const bar = verdict.checks.find((check) => check.pair === "primaryText")?.background ?? null;
  const light = verdict.checks.find((check) => check.pair === "accentOnLight")?.foreground ?? null;
  return { bar, accent: theme === "light" ? light : verdict.darkAccent };
}

/**
 * The recent colours (§9) after the account's colours were saved: the saved ones come first, the
 * accent before the primary so the primary leads. Colours count as used when saved, not on every
 * pick, so the picker's recent row does not grow (and move the form) while the colours are edited.
 */
export function recentAfterSave(recent: readonly string[], form: BrandColoursForm): string[] {
  const saved = [form.BrandAccentColor, form.BrandPrimaryColor].filter((c): c is string => c !== null);
  return saved.reduce<string[]>((list, colour) => addRecentColour(list, colour), [...recent]);
}

/** Whether the recent colours on this page differ from the ones last saved with the preferences. */
export function recentColoursUnsaved(
  current: readonly string[],
  saved: readonly string[] | undefined,
): boolean {
  const normal = (list: readonly string[]) => list.map((colour) => colour.toLowerCase()).join(",");
  return normal(current) !== normal(saved ?? []);
}
