/**
 * What the signed-in user may do on a work screen (§6): the route already required read access, so
 * the screens ask only whether changes (rw) are allowed, and hide change controls otherwise.
 */
import { hasRolePermission } from "../../../../core/access/access-profile.ts";
import { sessionStore } from "../../../session/session-store.ts";
import { useStore } from "../../../state/create-store.ts";

/** Whether the user holds `key` at rw (§3 permission string). */
export function useCanWrite(key: string): boolean {
  return useStore(sessionStore, (s) => (s.profile ? hasRolePermission(s.profile, key, "rw") : false));
}
