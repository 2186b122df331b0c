/**
 * What a gateway instance does when another one tells it of a change (fanout.ts): it reads the shared
 * store again and pushes to its own browsers through the paths its own changes take — the
 * configuration plane's publication event (the hub relay's `manifestPublished`), the hub relay's end
 * of a session, the blocked-IP list's read. Any request reaches any instance, so each serves what
 * the store holds, not what it was told.
 */
import type { ConfigPlane } from "../config/config-plane.ts";
import type { HubRelayControl } from "../hub-relay/hub-relay.ts";
import type { BlockedIps } from "../security/blocked-ips.ts";
import type { GatewaySessions } from "../session/session-manager.ts";
import type { FanoutHandlers } from "./fanout.ts";

/** Where a session's tabs go when another instance logged it out (what a logout here sends them). */
export const LOGGED_OUT_PATH = "/loggedout";

/** The parts of the instance the fan-out reaches; the later ones exist only with an upstream. */
export interface InstanceParts {
  plane: ConfigPlane;
  sessions(): GatewaySessions | null;
  hubRelay(): HubRelayControl | null;
  blockedIps(): BlockedIps | null;
}

/** The fan-out's handlers over the instance's parts. */
export function followOtherInstances(parts: InstanceParts): FanoutHandlers {
  const endHere = async (sessionId: string, redirect: string | undefined) => {
    parts.sessions()?.forget(sessionId);
    await parts.hubRelay()?.endSession(sessionId, redirect);
  };
  /** Ends the tabs of every session here that the store no longer holds (ended elsewhere, unheard). */
  const recheckSessions = async () => {
    const sessions = parts.sessions();
    const relay = parts.hubRelay();
    if (!sessions || !relay) return;
    for (const sessionId of relay.sessionIds()) {
      if (!(await sessions.exists(sessionId))) await endHere(sessionId, LOGGED_OUT_PATH);
    }
  };
  return {
    configuration: () => parts.plane.synchronise(),
    // The store decides: a session it still holds stays open here, whatever a message says.
    sessionEnded: async (sessionId, loggedOut) => {
      if (await parts.sessions()?.exists(sessionId)) return;
      await endHere(sessionId, loggedOut ? LOGGED_OUT_PATH : undefined);
    },
    blockedIpsChanged: () => parts.blockedIps()?.reread(),
    resynchronise: async () => {
      await parts.plane.synchronise();
      await parts.blockedIps()?.reread();
      await recheckSessions();
    },
  };
}
