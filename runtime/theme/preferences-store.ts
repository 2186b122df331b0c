/**
 * The user's client preferences (§3: theme, theme style, recent colours) and the
 * contrast variant (§1). The store holds only what the user chose; the shell
 * manifest's theme defaults fill the rest (effectivePreferences).
 *
 * Persistence seam: preferences are saved with PUT /User/Interface (§7). This
 * store does not call the server: the My Settings dialog calls setPreferences and
 * then sends toInterfacePreferences(preferencesStore.get()); the session code
 * seeds the store from the session with preferencesFromSession on login and
 * calls resetPreferences on logout (§4.2).
 */
import type {
  ClientPreferences,
  InterfacePreferencesUpdate,
} from "../../schemas/payloads/client-preferences.ts";
import type { ShellManifest } from "../../schemas/shell.ts";
import { RECENT_COLOURS_MAX } from "../state/constants.ts";
import { createStore } from "../state/create-store.ts";
import { isStoredTheme, isThemeStyle, type StoredTheme, type ThemeStyle } from "./resolve-theme.ts";

/** What the user chose; absent fields fall back to the shell defaults. */
export interface PreferencesState {
  theme?: StoredTheme;
  themeStyle?: ThemeStyle;
  /**
   * The high-contrast variant. §3's client preferences have no field for it, so
   * it is kept for this page only until the schema gains one.
   */
  contrast?: boolean;
  /** Most recent first, at most RECENT_COLOURS_MAX (§9). */
  recentColors: string[];
}

/** The preferences with every default applied. */
export interface EffectivePreferences {
  theme: StoredTheme;
  themeStyle: ThemeStyle;
  contrast: boolean;
  recentColors: string[];
}

const COLOUR = /^#[0-9A-Fa-f]{6}$/;

/** The preferences store of this page. */
export const preferencesStore = createStore<PreferencesState>({ recentColors: [] });

/** Merges `patch` into the user's preferences (fields set to undefined go back to the default). */
export function setPreferences(patch: Partial<PreferencesState>): void {
  preferencesStore.update((draft) => {
    Object.assign(draft, patch);
    if (patch.recentColors) draft.recentColors = sanitiseColours(patch.recentColors);
  });
}

/** Replaces the preferences (login, §4.2) or clears them (logout: no argument). */
export function resetPreferences(next: PreferencesState = { recentColors: [] }): void {
  preferencesStore.update(() => ({ ...next, recentColors: [...next.recentColors] }));
}

/** §9: valid #rrggbb colours, without repeats, at most RECENT_COLOURS_MAX. */
function sanitiseColours(colours: readonly unknown[]): string[] {
  const kept: string[] = [];
  for (const colour of colours) {
    if (typeof colour !== "string" || !COLOUR.test(colour)) continue;
    if (kept.some((c) => c.toLowerCase() === colour.toLowerCase())) continue;
    kept.push(colour);
    if (kept.length === RECENT_COLOURS_MAX) break;
  }
  return kept;
}

/**
 * §3: InterfacePreferences may arrive as an object, a JSON string or null. Fields
 * that are missing or invalid are left out (the defaults apply), never guessed.
 */
export function preferencesFromSession(raw: unknown): PreferencesState {
  let value: unknown = raw;
  if (typeof raw === "string") {
    try {
      value = JSON.parse(raw);
    } catch {
      value = null;
    }
  }
  if (!value || typeof value !== "object" || Array.isArray(value)) return { recentColors: [] };
  const record = value as Record<string, unknown>;
  const state: PreferencesState = {
    recentColors: Array.isArray(record.recentColors) ? sanitiseColours(record.recentColors) : [],
  };
  if (isStoredTheme(record.theme)) state.theme = record.theme;
  if (isThemeStyle(record.themeStyle)) state.themeStyle = record.themeStyle;
  return state;
}

/** The body of PUT /User/Interface (§7) for these preferences. */
export function toInterfacePreferences(state: PreferencesState): InterfacePreferencesUpdate {
  const preferences: ClientPreferences = { recentColors: sanitiseColours(state.recentColors) };
  if (state.theme) preferences.theme = state.theme;
  if (state.themeStyle) preferences.themeStyle = state.themeStyle;
  return { InterfacePreferences: preferences };
}

/** The user's preferences over the shell manifest's defaults; contrast only where offered (§1). */
export function effectivePreferences(
  state: PreferencesState,
  defaults: ShellManifest["theme"],
): EffectivePreferences {
  return {
    theme: state.theme ?? defaults.default,
    themeStyle: state.themeStyle ?? defaults.style,
    contrast: defaults.contrastOffered && (state.contrast ?? defaults.contrast),
    recentColors: state.recentColors,
  };
}
