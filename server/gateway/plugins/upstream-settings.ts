/**
 * The settings the gateway derives from the upstream's configuration rather than keeping a second
 * switch of its own (ARCHITECTURE.md Decisions: one switch per setting): whether signup is open
 * (§2.1, §5 "allowed by configuration"), the upstream's `SignupAllowed`, which staff edit on
 * /admin/configuration and which the upstream's own signup call enforces.
 *
 * Read with the service token from `GET {webservices}/Gateway/Settings` → `{ SignupAllowed }`
 * before the app serves, then every UPSTREAM_SETTINGS_REFRESH_MS (a change made through another
 * gateway or at the upstream), and at once after this gateway relays a successful change of
 * /api/Admin/Configuration, before that answer leaves. Fails closed: until a read succeeds, after a
 * failed one and without a service token, signup is not allowed.
 */
import type { FastifyBaseLogger, FastifyInstance } from "fastify";
import { validatorsById } from "../../../schemas/generated/validators-by-id.js";
import type { GatewaySettings } from "../../../schemas/payloads/gateway-settings.ts";
import { lookupJson } from "./answer-cache.ts";

/** Interval between two reads: the longest a change made past this gateway takes to apply. */
export const UPSTREAM_SETTINGS_REFRESH_MS = 10_000;
/** The upstream call, relative to the webservices base. */
export const UPSTREAM_SETTINGS_PATH = "Gateway/Settings";
/** The relayed calls whose success triggers a read at once (path compared case-insensitively). */
export const CONFIGURATION_SAVE_PATH = "/api/admin/configuration";

/** Options of `UpstreamSettings`. */
export interface UpstreamSettingsOptions {
  /** The upstream webservices base, e.g. `http://127.0.0.1:5180/ws/`. */
  webservicesBase: string;
  /** The service token (UPSTREAM_SERVICE_TOKEN); without one nothing is read and signup stays closed. */
  serviceToken: string | null;
  log: FastifyBaseLogger;
  refreshMs?: number;
}

/** The polled settings; every getter answers synchronously from the last read. */
export class UpstreamSettings {
  #current: GatewaySettings | null = null;
  #timer: NodeJS.Timeout | null = null;
  #inFlight: Promise<boolean> | null = null;
  #failing = false;
  readonly #url: string;

  constructor(private readonly options: UpstreamSettingsOptions) {
    this.#url = new URL(UPSTREAM_SETTINGS_PATH, options.webservicesBase).href;
  }

  /** Whether /gw/session/signup creates accounts and the served shell says `signupAllowed`. */
  signupAllowed(): boolean {
    return this.#current?.SignupAllowed === true;
  }

  /** Reads now and then every refreshMs; resolves after the first read (success or not). */
  start(): Promise<boolean> {
    if (!this.options.serviceToken) {
      this.options.log.error("upstream settings: UPSTREAM_SERVICE_TOKEN is not set; signup stays closed");
      return Promise.resolve(false);
    }
    if (!this.#timer) {
      this.#timer = setInterval(
        () => void this.refresh(),
        this.options.refreshMs ?? UPSTREAM_SETTINGS_REFRESH_MS,
      );
      this.#timer.unref();
    }
    return this.refresh();
  }

  /** Stops polling. */
  stop(): void {
    if (this.#timer) clearInterval(this.#timer);
    this.#timer = null;
  }

  /** Reads once; true when the read succeeded. Concurrent calls share one read. */
  refresh(): Promise<boolean> {
    this.#inFlight ??= this.#read().finally(() => {
      this.#inFlight = null;
    });
    return this.#inFlight;
  }

  /**
   * A read that starts after a change the caller knows of: a read in flight may have started before
   * it, so that one is waited for and another follows.
   */
  async refreshAfterChange(): Promise<boolean> {
    await this.#inFlight;
    return this.refresh();
  }

  async #read(): Promise<boolean> {
    const { log, serviceToken } = this.options;
    if (!serviceToken) return false;
    const answer = await lookupJson(this.#url, `Bearer ${serviceToken}`);
    if (answer.ok && validatorsById.gatewaySettings?.(answer.body)) {
      this.#current = answer.body as GatewaySettings;
      if (this.#failing) log.info("upstream settings: readable again");
      this.#failing = false;
      return true;
    }
    // Unknown is closed: a stale "allowed" must not outlive a switch staff may have turned off.
    this.#current = null;
    // Logged once per outage, not every interval.
    if (!this.#failing) {
      log.warn(
        { reason: answer.ok ? "invalid answer" : answer.reason },
        "upstream settings: cannot read them; signup is closed until they can",
      );
    }
    this.#failing = true;
    return false;
  }
}

/** True for a relayed configuration change: `/api/Admin/Configuration[/<key>]` (any case, slashes, query). */
function isConfigurationSave(method: string, url: string): boolean {
  if (method !== "POST" && method !== "PUT" && method !== "DELETE") return false;
  const path = (url.split("?")[0] ?? "").replace(/\/+$/, "").toLowerCase();
  return path === CONFIGURATION_SAVE_PATH || path.startsWith(`${CONFIGURATION_SAVE_PATH}/`);
}

declare module "fastify" {
  interface FastifyInstance {
    /** The settings derived from the upstream's configuration, once `upstreamSettings` has run. */
    upstreamSettings: UpstreamSettings;
  }
}

/**
 * Creates the settings of the app's upstream (also `app.upstreamSettings`), read before the app
 * serves and polled until it closes; a successful relayed configuration change is read again before
 * its answer leaves, so the next signup and the next manifest see it. A root hook: call before the
 * REST relay registers.
 */
export function upstreamSettings(
  app: FastifyInstance,
  options: Omit<UpstreamSettingsOptions, "log">,
): UpstreamSettings {
  const settings = new UpstreamSettings({ ...options, log: app.log });
  app.decorate("upstreamSettings", settings);
  app.addHook("onReady", async () => {
    await settings.start();
  });
  app.addHook("onClose", async () => settings.stop());
  // A callback hook: every relayed answer passes here, only a configuration change needs the promise.
  app.addHook("onSend", (request, reply, payload, done) => {
    const status = reply.statusCode;
    if (status < 200 || status >= 300 || !isConfigurationSave(request.method, request.url)) {
      done(null, payload);
      return;
    }
    settings.refreshAfterChange().then(
      () => done(null, payload),
      (error: Error) => done(error),
    );
  });
  return settings;
}
