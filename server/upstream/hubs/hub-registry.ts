/**
 * The open connections of one hub, indexed by connection id, by principal and by group, so that
 * fan-out to a user's tabs or to a chat group never scans every connection.
 */
import type { HubSession } from "./hub-session.ts";
import type { HubPrincipal } from "./hub-types.ts";

/** Index of the handshaken, not yet closed connections of a hub. */
export class HubRegistry<P extends HubPrincipal> {
  readonly #byId = new Map<string, HubSession<P>>();
  readonly #byPrincipal = new Map<string, Set<HubSession<P>>>();
  readonly #byGroup = new Map<string, Set<HubSession<P>>>();

  /** Number of open connections. */
  get size(): number {
    return this.#byId.size;
  }

  /** Registers a connection whose handshake just succeeded. */
  add(session: HubSession<P>): void {
    this.#byId.set(session.id, session);
    addTo(this.#byPrincipal, session.principal.key, session);
  }

  /**
   * Unregisters a closed connection. Its `groups` set is left as it was, so `onDisconnect` can still
   * tell which groups it belonged to.
   */
  remove(session: HubSession<P>): void {
    if (this.#byId.get(session.id) !== session) return;
    this.#byId.delete(session.id);
    removeFrom(this.#byPrincipal, session.principal.key, session);
    for (const group of session.groups) removeFrom(this.#byGroup, group, session);
  }

  /** The open connection with this id. */
  get(connectionId: string): HubSession<P> | undefined {
    return this.#byId.get(connectionId);
  }

  /** A snapshot of every open connection. */
  all(): HubSession<P>[] {
    return [...this.#byId.values()];
  }

  /** A snapshot of the open connections of a principal. */
  ofPrincipal(principalKey: string): HubSession<P>[] {
    return [...(this.#byPrincipal.get(principalKey) ?? [])];
  }

  /** A snapshot of the open connections in a group. */
  inGroup(group: string): HubSession<P>[] {
    return [...(this.#byGroup.get(group) ?? [])];
  }

  /** Adds an open connection to a group; false when there is no such open connection. */
  addToGroup(connectionId: string, group: string): boolean {
    const session = this.#byId.get(connectionId);
    if (session === undefined) return false;
    session.groups.add(group);
    addTo(this.#byGroup, group, session);
    return true;
  }

  /** Removes an open connection from a group; false when it was not in it. */
  removeFromGroup(connectionId: string, group: string): boolean {
    const session = this.#byId.get(connectionId);
    if (session === undefined || !session.groups.delete(group)) return false;
    removeFrom(this.#byGroup, group, session);
    return true;
  }
}

function addTo<P extends HubPrincipal>(
  index: Map<string, Set<HubSession<P>>>,
  key: string,
  session: HubSession<P>,
): void {
  const members = index.get(key);
  if (members === undefined) index.set(key, new Set([session]));
  else members.add(session);
}

function removeFrom<P extends HubPrincipal>(
  index: Map<string, Set<HubSession<P>>>,
  key: string,
  session: HubSession<P>,
): void {
  const members = index.get(key);
  if (members === undefined) return;
  members.delete(session);
  // Drop empty sets so a long-running hub does not accumulate every group name ever used.
  if (members.size === 0) index.delete(key);
}
