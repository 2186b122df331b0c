/**
 * Saving the interface preferences (§7 PUT /User/Interface). The upstream
 * stores the body as the complete preferences, so a save carries every field:
 * the preferences store's toInterfacePreferences (theme, style, colours), the
 * contrast variant, and welcomeSeen as last saved — a settings save must not
 * make the welcome tutorial due again. My Settings also sends the interface
 * language (LanguageCode): §1 counts it among the user's preferences and §4.2
 * has every later sign-in start in it.
 */
import type {
  ClientPreferences,
  InterfacePreferencesUpdate,
} from "../../schemas/payloads/client-preferences.ts";
import { apiRequest } from "../http/api-client.ts";
import { isLanguage, type Language } from "../i18n/i18n.ts";
import { createStore } from "../state/create-store.ts";
import {
  type PreferencesState,
  preferencesStore,
  toInterfacePreferences,
} from "../theme/preferences-store.ts";

/** The §7 path. */
export const INTERFACE_PREFERENCES_PATH = "User/Interface";

/** The preferences as the upstream last stored them (seeded from the session, replaced by each save). */
export const savedPreferencesStore = createStore<{ saved: Partial<ClientPreferences> }>({ saved: {} });

/** Seeds the saved preferences from the session's InterfacePreferences (login) or clears them (logout). */
export function setSavedPreferences(saved: Record<string, unknown>): void {
  savedPreferencesStore.update((s) => {
    s.saved = saved as Partial<ClientPreferences>;
  });
}

/** What a save changes beyond the preferences store: the welcome flag, the user's language. */
export interface InterfacePreferencesChanges {
  welcomeSeen?: boolean;
  languageCode?: Language;
}

/**
 * The language My Settings stores on the user with a save: the one on screen. None while
 * impersonating — §4.2 keeps that choice in the impersonation language cookie, and the
 * impersonated user's own language must stay as they saved it.
 */
export function languageToStore(shown: string, impersonating: boolean): Language | undefined {
  return !impersonating && isLanguage(shown) ? shown : undefined;
}

/** The body of a save: the user's current choices over what was saved, with `changes` on top. */
export function interfacePreferencesBody(
  state: PreferencesState,
  saved: Partial<ClientPreferences>,
  changes: InterfacePreferencesChanges = {},
): InterfacePreferencesUpdate {
  const preferences: ClientPreferences = { ...toInterfacePreferences(state).InterfacePreferences };
  const contrast = state.contrast ?? saved.contrast;
  if (contrast !== undefined) preferences.contrast = contrast;
  const welcomeSeen = changes.welcomeSeen ?? saved.welcomeSeen;
  if (welcomeSeen !== undefined) preferences.welcomeSeen = welcomeSeen;
  const body: InterfacePreferencesUpdate = { InterfacePreferences: preferences };
  if (changes.languageCode !== undefined) body.LanguageCode = changes.languageCode;
  return body;
}

/** Saves the current preferences (with `changes`); the stored result becomes the saved state. */
export async function saveInterfacePreferences(
  changes: InterfacePreferencesChanges = {},
  request: typeof apiRequest = apiRequest,
): Promise<void> {
  const body = interfacePreferencesBody(preferencesStore.get(), savedPreferencesStore.get().saved, changes);
  const answer = await request<{ InterfacePreferences?: Partial<ClientPreferences> } | null>(
    INTERFACE_PREFERENCES_PATH,
    { method: "PUT", body },
  );
  setSavedPreferences(answer?.InterfacePreferences ?? body.InterfacePreferences);
}
