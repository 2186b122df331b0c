/**
 * The permission combinations the upstream's roles hold, for the configuration plane's warning on a
 * navigation panel entry or route no role of any account can see (§6: without the role permission the
 * entry is hidden and the route sends home; config/config-plane.ts `rolePermissionSets`).
 *
 * Read with the service token from `GET {webservices}/Gateway/RolePermissions` → `{ Roles }` when staff
 * validate a change, kept for UPSTREAM_ROLES_TTL_MS: a role changed meanwhile shows in the warnings
 * within that time. Anything but a valid answer is null (no warning rather than a wrong one), not kept,
 * and logged once per outage.
 */
import type { FastifyBaseLogger } from "fastify";
import { validatorsById } from "../../../schemas/generated/validators-by-id.js";
import type { GatewayRolePermissions } from "../../../schemas/payloads/gateway-role-permissions.ts";
import { lookupJson } from "./answer-cache.ts";

/** How long an answer is used before the upstream is asked again. */
export const UPSTREAM_ROLES_TTL_MS = 60_000;
/** The upstream call, relative to the webservices base. */
export const UPSTREAM_ROLES_PATH = "Gateway/RolePermissions";
/**
 * Longest answer read: one set of every key at rw is under 1 KiB, so a thousand distinct combinations
 * fit; the lookups' usual limit would drop the warning on a store with many custom roles.
 */
export const UPSTREAM_ROLES_MAX_RESPONSE_BYTES = 1024 * 1024;

/** Options of `UpstreamRoles`. */
export interface UpstreamRolesOptions {
  /** The upstream webservices base, e.g. `http://127.0.0.1:5180/ws/`. */
  webservicesBase: string;
  /** The service token (UPSTREAM_SERVICE_TOKEN). */
  serviceToken: string;
  log: FastifyBaseLogger;
  ttlMs?: number;
}

/** Reads and keeps the upstream's distinct role permission sets. */
export class UpstreamRoles {
  #fresh: { sets: string[][]; until: number } | null = null;
  #inFlight: Promise<string[][] | null> | null = null;
  #failing = false;
  readonly #url: string;

  constructor(private readonly options: UpstreamRolesOptions) {
    this.#url = new URL(UPSTREAM_ROLES_PATH, options.webservicesBase).href;
  }

  /**
   * One list of permission entries (`Key_r`, `Key_rw`) per distinct role of any account; null when
   * the upstream cannot tell. Concurrent calls share one read.
   */
  async permissionSets(): Promise<string[][] | null> {
    if (this.#fresh && Date.now() < this.#fresh.until) return this.#fresh.sets;
    this.#inFlight ??= this.#read().finally(() => {
      this.#inFlight = null;
    });
    return this.#inFlight;
  }

  async #read(): Promise<string[][] | null> {
    const { log, serviceToken } = this.options;
    const answer = await lookupJson(this.#url, `Bearer ${serviceToken}`, UPSTREAM_ROLES_MAX_RESPONSE_BYTES);
    if (answer.ok && validatorsById.gatewayRolePermissions?.(answer.body)) {
      const sets = (answer.body as GatewayRolePermissions).Roles;
      this.#fresh = { sets, until: Date.now() + (this.options.ttlMs ?? UPSTREAM_ROLES_TTL_MS) };
      if (this.#failing) log.info("upstream roles: readable again");
      this.#failing = false;
      return sets;
    }
    this.#fresh = null;
    if (!this.#failing) {
      log.warn(
        { reason: answer.ok ? "invalid answer" : answer.reason },
        "upstream roles: cannot read them; no warning on entries no role can see until they can",
      );
    }
    this.#failing = true;
    return null;
  }
}
