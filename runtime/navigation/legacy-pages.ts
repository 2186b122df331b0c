/**
 * Whether this deployment has the legacy application of §2.3 behind its /legacy/… paths (shell
 * manifest `legacyApplication`). Without one, a frame would show whatever else answers there, so
 * legacy routes and the viewers' legacy tab show "not available in this deployment" instead.
 */
import type { ShellManifest } from "../../schemas/shell.ts";

/** True only when the shell manifest says a legacy application answers /legacy/… on this origin. */
export function legacyPagesAvailable(shell: Pick<ShellManifest, "legacyApplication">): boolean {
  return shell.legacyApplication?.available === true;
}
