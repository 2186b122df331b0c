/**
 * Invocations not yet answered by the gateway. While the tab is disconnected (or the upstream is)
 * they wait here and are sent after the reconnect; a sent invocation whose answer never came (the
 * socket dropped, or the gateway reports a retryable failure) is sent again — the chat message UID
 * makes that safe upstream. An answered (acknowledged) invocation is gone and can never be resent.
 * Pure: no sockets, no timers.
 */
import type { InvokeFrame } from "./frames.ts";

/** Invocations one tab keeps on the wire at once (the gateway accepts 32). */
export const MAX_IN_FLIGHT_INVOCATIONS = 16;

/** An invocation and its caller's promise. */
export interface OutboxEntry {
  readonly frame: InvokeFrame;
  /** The serialized frame, built once. */
  readonly text: string;
  /** Queued: to be sent; sent: on the wire, waiting for its result. */
  state: "queued" | "sent";
  /** How many times it was handed to the socket. */
  sends: number;
  /** Retryable failures so far (the client's resend backoff). */
  failures: number;
  readonly resolve: (value: unknown) => void;
  readonly reject: (error: Error) => void;
}

/** The unanswered invocations of a tab, oldest first. */
export class Outbox {
  readonly #entries = new Map<string, OutboxEntry>();

  constructor(readonly maxInFlight: number = MAX_IN_FLIGHT_INVOCATIONS) {}

  /** Unanswered invocations. */
  get size(): number {
    return this.#entries.size;
  }

  /** Invocations on the wire. */
  get inFlight(): number {
    let count = 0;
    for (const entry of this.#entries.values()) if (entry.state === "sent") count++;
    return count;
  }

  /** Queues an invocation; its id must be new. */
  add(
    frame: InvokeFrame,
    text: string,
    resolve: (value: unknown) => void,
    reject: (error: Error) => void,
  ): void {
    if (this.#entries.has(frame.id)) throw new Error(`duplicate invocation id ${frame.id}`);
    this.#entries.set(frame.id, { frame, text, state: "queued", sends: 0, failures: 0, resolve, reject });
  }

  /** Whether an invocation is waiting to be sent. */
  get hasQueued(): boolean {
    for (const entry of this.#entries.values()) if (entry.state === "queued") return true;
    return false;
  }

  /**
   * The queued entries to send now, oldest first, at most `limit` and within the in-flight bound;
   * they are marked sent.
   */
  takeSendable(limit = Number.POSITIVE_INFINITY): OutboxEntry[] {
    let room = Math.min(limit, this.maxInFlight - this.inFlight);
    const taken: OutboxEntry[] = [];
    for (const entry of this.#entries.values()) {
      if (room <= 0) break;
      if (entry.state !== "queued") continue;
      entry.state = "sent";
      entry.sends++;
      taken.push(entry);
      room--;
    }
    return taken;
  }

  /** The answer to `id` arrived: removes and returns its entry (undefined if unknown or already answered). */
  settle(id: string): OutboxEntry | undefined {
    const entry = this.#entries.get(id);
    if (entry?.state !== "sent") return undefined;
    this.#entries.delete(id);
    return entry;
  }

  /** A retryable failure of a sent invocation: back to the queue. False if unknown. */
  requeue(id: string): boolean {
    const entry = this.#entries.get(id);
    if (entry?.state !== "sent") return false;
    entry.state = "queued";
    entry.failures++;
    return true;
  }

  /** The socket dropped: every sent, unanswered invocation goes back to the queue. Returns how many. */
  requeueInFlight(): number {
    let count = 0;
    for (const entry of this.#entries.values()) {
      if (entry.state !== "sent") continue;
      entry.state = "queued";
      count++;
    }
    return count;
  }

  /** Removes and returns every entry (the client closed or the session ended). */
  drain(): OutboxEntry[] {
    const entries = [...this.#entries.values()];
    this.#entries.clear();
    return entries;
  }
}
