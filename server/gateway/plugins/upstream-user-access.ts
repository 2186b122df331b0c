/**
 * What one user's session would carry that decides their manifest, for the configuration plane's
 * preview as that user (DESIGN.md §3 "previewed as a given role/account"; config/config-routes.ts).
 *
 * Read with the service token from `GET {webservices}/Gateway/UserAccess/{userRecId}`, the access
 * fields of the user's LoggedInConfig (schemas/payloads/gateway-user-access.ts), at each preview: a
 * preview is rare, so nothing is kept, and it shows the user's role as it is now. A 404 is an unknown
 * user; anything else but a valid answer within UPSTREAM_USER_ACCESS_TIMEOUT_MS is null (the preview
 * cannot tell) and logged.
 */
import type { FastifyBaseLogger } from "fastify";
import { validatorsById } from "../../../schemas/generated/validators-by-id.js";
import type { GatewayUserAccess } from "../../../schemas/payloads/gateway-user-access.ts";
import { LOOKUP_MAX_RESPONSE_BYTES, lookupJson } from "./answer-cache.ts";

/** The upstream call, relative to the webservices base; the user's record id follows. */
export const UPSTREAM_USER_ACCESS_PATH = "Gateway/UserAccess/";
/** Longest wait for the answer: a staff member waits on the preview, so an upstream that hangs is a failure. */
export const UPSTREAM_USER_ACCESS_TIMEOUT_MS = 3_000;

/** A user's access fields, `unknownUser` when the upstream has no such user, null when it cannot tell. */
export type UserAccessLookup = GatewayUserAccess | "unknownUser" | null;

/** Options of `UpstreamUserAccess`. */
export interface UpstreamUserAccessOptions {
  /** The upstream webservices base, e.g. `http://127.0.0.1:5180/ws/`. */
  webservicesBase: string;
  /** The service token (UPSTREAM_SERVICE_TOKEN). */
  serviceToken: string;
  log: FastifyBaseLogger;
  timeoutMs?: number;
}

/** Reads one user's access fields from the upstream. */
export class UpstreamUserAccess {
  constructor(private readonly options: UpstreamUserAccessOptions) {}

  /** The access fields of the user with this record id (a positive integer; anything else is unknown). */
  async of(userRecId: number): Promise<UserAccessLookup> {
    if (!Number.isSafeInteger(userRecId) || userRecId < 1) return "unknownUser";
    const { log, serviceToken, webservicesBase } = this.options;
    const answer = await lookupJson(
      new URL(`${UPSTREAM_USER_ACCESS_PATH}${userRecId}`, webservicesBase).href,
      `Bearer ${serviceToken}`,
      LOOKUP_MAX_RESPONSE_BYTES,
      this.options.timeoutMs ?? UPSTREAM_USER_ACCESS_TIMEOUT_MS,
    );
    if (answer.ok && validatorsById.gatewayUserAccess?.(answer.body)) {
      return answer.body as GatewayUserAccess;
    }
    if (!answer.ok && answer.status === 404) return "unknownUser";
    log.warn(
      { reason: answer.ok ? "invalid answer" : answer.reason, userRecId },
      "upstream user access: cannot read it; the preview as this user is unavailable",
    );
    return null;
  }
}
