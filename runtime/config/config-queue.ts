/**
 * Published versions arriving while one is being applied (DESIGN.md §3 pushed live): one is applied
 * at a time, and those that came meanwhile fold into one request for the newest, so a burst of
 * publishes ends on the last. Pure: the executor (live-config.ts) starts what it says.
 */
import type { ConfigUrgency } from "./apply-plan.ts";

/** One published version to fetch and apply; `version` null when the event named none (maintenance). */
export interface ConfigRequest {
  version: number | null;
  urgency: ConfigUrgency;
}

/** Whether a request runs, and the one folded from those that came meanwhile. */
export interface ConfigQueueState {
  running: boolean;
  waiting: ConfigRequest | null;
}

/** What reaches the queue. */
export type ConfigQueueInput = { type: "published"; request: ConfigRequest } | { type: "finished" };

export const IDLE_CONFIG_QUEUE: ConfigQueueState = { running: false, waiting: null };

/**
 * Two requests as one: the higher version (a versionless one asks for whatever is newest, which
 * the other names too), urgent when either is — a later normal publish never delays an urgent one.
 */
export function foldRequests(a: ConfigRequest, b: ConfigRequest): ConfigRequest {
  const version =
    a.version === null ? b.version : b.version === null ? a.version : Math.max(a.version, b.version);
  return { version, urgency: a.urgency === "urgent" || b.urgency === "urgent" ? "urgent" : "normal" };
}

/** The next state, and the request to start now (null: none). */
export function configQueueStep(
  state: ConfigQueueState,
  input: ConfigQueueInput,
): { state: ConfigQueueState; start: ConfigRequest | null } {
  if (input.type === "published") {
    if (!state.running) return { state: { running: true, waiting: null }, start: input.request };
    const waiting = state.waiting ? foldRequests(state.waiting, input.request) : input.request;
    return { state: { running: true, waiting }, start: null };
  }
  if (state.waiting) return { state: { running: true, waiting: null }, start: state.waiting };
  return { state: IDLE_CONFIG_QUEUE, start: null };
}
