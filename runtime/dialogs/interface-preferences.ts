/**
 * Saving the interface preferences (§7 PUT /User/Interface). The upstream
 * stores the body as the complete preferences, so a save carries every field:
 * the preferences store's toInterfacePreferences (theme, style, colours), the
 * contrast variant, and welcomeSeen as last saved — a settings save must not
 * make the welcome tutorial due again.
 */
import type {
  ClientPreferences,
  InterfacePreferencesUpdate,
} from "../../schemas/payloads/client-preferences.ts";
import { createStore } from "../boot/create-store.ts";
import { apiRequest } from "../http/api-client.ts";
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

/** The body of a save: the user's current choices over what was saved, with `changes` on top. */
export function interfacePreferencesBody(
  state: PreferencesState,
  saved: Partial<ClientPreferences>,
  changes: { welcomeSeen?: boolean } = {},
): InterfacePreferencesUpdate {
  const preferences: ClientPreferences = { ...toInterfacePreferences(state).InterfacePreferences };
  const contrast = state.contrast ?? saved.contrast;
  if (contrast !== undefined) preferences.contrast = contrast;
  const welcomeSeen = changes.welcomeSeen ?? saved.welcomeSeen;
  if (welcomeSeen !== undefined) preferences.welcomeSeen = welcomeSeen;
  return { InterfacePreferences: preferences };
}

/** Saves the current preferences (with `changes`); the stored result becomes the saved state. */
export async function saveInterfacePreferences(
  changes: { welcomeSeen?: boolean } = {},
  request: typeof apiRequest = apiRequest,
): Promise<void> {
  const body = interfacePreferencesBody(preferencesStore.get(), savedPreferencesStore.get().saved, changes);
  const answer = await request<{ InterfacePreferences?: Partial<ClientPreferences> } | null>(
    INTERFACE_PREFERENCES_PATH,
    { method: "PUT", body },
  );
  setSavedPreferences(answer?.InterfacePreferences ?? body.InterfacePreferences);
}
