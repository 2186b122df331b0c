/**
 * §4.2 "For admin users the admin constants and config scripts load once": after a staff member
 * signs in (IsAdmin, not impersonating — an impersonator acts as the member), the upstream's admin
 * constants and admin configuration (/ws/Client/Admin/Constants and /ws/Client/Admin/Config, relayed
 * under /webservices/) are read once, as JSON, into the admin scripts store; never for anyone else,
 * and not again for the same session (manifest reloads do not touch them). Fetched as data, not run
 * as scripts: connect-src 'self' of the page's policy covers them, and nothing becomes a global.
 */
import type { LoggedInConfig } from "../../schemas/payloads/user-session.ts";
import { apiRequest } from "../http/api-client.ts";
import { createStore } from "../state/create-store.ts";

/** Where the two scripts are read, under the webservices base. */
export const ADMIN_SCRIPT_PATHS = {
  constants: "Client/Admin/Constants",
  config: "Client/Admin/Config",
} as const;

/** One script's values as the upstream sends them (its JSON object; schemas/ has no shape for them). */
export type AdminScriptValues = Readonly<Record<string, unknown>>;

/** The admin scripts of the staff member signed in, if any. */
export interface AdminScriptsState {
  /** Whose they are: the staff session's UserUID, null when none is loaded or loading. */
  userUID: string | null;
  status: "idle" | "loading" | "loaded" | "failed";
  /** `Client/Admin/Constants`: the admin modules, permission keys, features, codes, limits. */
  constants: AdminScriptValues | null;
  /** `Client/Admin/Config`: signup switch, debug flag, public URL, session lifetimes. */
  config: AdminScriptValues | null;
}

const NONE: AdminScriptsState = { userUID: null, status: "idle", constants: null, config: null };

/** The admin scripts of this page. */
export const adminScriptsStore = createStore<AdminScriptsState>(NONE);

/** What a session change asks: load them, forget them, or nothing. */
export type AdminScriptsAction = "load" | "clear" | "keep";

/**
 * §4.2 as data: staff (IsAdmin, not impersonating) get them once per session — again only after a
 * failed load, or for another staff member; anyone else has none.
 */
export function adminScriptsAction(
  held: Pick<AdminScriptsState, "userUID" | "status">,
  config: LoggedInConfig | null,
): AdminScriptsAction {
  const staff = config !== null && config.User.IsAdmin === true && config.User.Impersonating !== true;
  if (!staff) return held.userUID === null ? "keep" : "clear";
  if (held.userUID === config.User.UserUID && held.status !== "failed") return "keep";
  return "load";
}

function valuesOf(path: string, body: unknown): AdminScriptValues {
  if (typeof body !== "object" || body === null || Array.isArray(body)) {
    throw new Error(`${path} did not answer a JSON object`);
  }
  return body as AdminScriptValues;
}

/** Follows a session change (runtime/boot/session-wiring.ts): loads, forgets or keeps the admin scripts. */
export async function syncAdminScripts(
  config: LoggedInConfig | null,
  fetchImpl: typeof fetch = fetch,
): Promise<void> {
  const action = adminScriptsAction(adminScriptsStore.get(), config);
  if (action === "keep") return;
  if (action === "clear" || !config) {
    adminScriptsStore.update(() => NONE);
    return;
  }
  const userUID = config.User.UserUID;
  adminScriptsStore.update(() => ({ ...NONE, userUID, status: "loading" }));
  const read = (path: string) =>
    apiRequest<unknown>(path, { base: "webservices" }, fetchImpl).then((body) => valuesOf(path, body));
  try {
    const [constants, adminConfig] = await Promise.all([
      read(ADMIN_SCRIPT_PATHS.constants),
      read(ADMIN_SCRIPT_PATHS.config),
    ]);
    // Signed out, or another user, meanwhile: these are not theirs.
    if (adminScriptsStore.get().userUID !== userUID) return;
    adminScriptsStore.update(() => ({ userUID, status: "loaded", constants, config: adminConfig }));
  } catch (error) {
    if (adminScriptsStore.get().userUID !== userUID) return;
    adminScriptsStore.update(() => ({ ...NONE, userUID, status: "failed" }));
    throw error;
  }
}
