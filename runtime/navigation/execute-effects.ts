import { isSafeRedirectTarget } from "../../core/navigation/safe-redirect.ts";
import { sessionStore } from "../session/session-store.ts";
import { shellStore } from "../shell/shell-store.ts";
import type { GuardEffect } from "./guard.ts";
import { forgetBeforeMaintenance, rememberBeforeMaintenance } from "./maintenance-return.ts";

/** Carries out the side effects of a guard decision, in order. */
export function executeEffects(effects: readonly GuardEffect[]): void {
  for (const effect of effects) {
    switch (effect.type) {
      case "rememberRedirect":
        // Only same-origin relative targets are ever remembered.
        if (isSafeRedirectTarget(effect.url)) {
          sessionStore.update((s) => {
            s.redirectAfterLogin = effect.url;
          });
        }
        break;
      case "rememberBeforeMaintenance":
        rememberBeforeMaintenance(effect.url);
        break;
      case "forgetBeforeMaintenance":
        forgetBeforeMaintenance();
        break;
      case "clearDisconnectionWarning":
        shellStore.update((s) => {
          s.disconnectionWarning = false;
        });
        break;
      case "showLoadingOverlay":
        shellStore.update((s) => {
          s.loadingOverlay = true;
        });
        break;
    }
  }
}
