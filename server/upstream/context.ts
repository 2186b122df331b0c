/** What every route module receives: the store, settings, clock, events and the session service. */
import type { FastifyBaseLogger } from "fastify";
import type { SessionService } from "./auth/session-service.ts";
import type { UpstreamEvents } from "./events.ts";
import type { UpstreamSettings } from "./options.ts";
import type { UpstreamStore } from "./store/index.ts";

/** The shared services of one upstream instance. */
export interface UpstreamContext {
  store: UpstreamStore;
  settings: UpstreamSettings;
  /** Current time in epoch milliseconds (the injected clock). */
  now: () => number;
  events: UpstreamEvents;
  sessions: SessionService;
  log: FastifyBaseLogger;
}
