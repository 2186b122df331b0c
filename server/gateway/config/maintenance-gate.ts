/**
 * Maintenance (§1), enforced at the gateway: while it is on for an account, that account's members
 * (and visitors) get the maintenance page for every page, and 503 with Retry-After and an error code
 * for every relayed call; staff keep full access, and the sign-in page stays open so that they can
 * sign in. The hub socket stays open: it is how open browsers learn that maintenance ended.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { GatewayErrorCode } from "../errors/gateway-error-codes.ts";

/** Retry-After when no end is scheduled: browsers come back when the hub says so anyway. */
export const MAINTENANCE_RETRY_AFTER_S = 300;

export interface MaintenanceGateOptions {
  /** Whether maintenance is on for anyone at all (a cheap check on every request). */
  anyMaintenance(): boolean;
  /** Maintenance for an account (null: a visitor) — its page path. */
  maintenanceFor(accountRecId: number | null): { enabled: boolean; pagePath: string };
  /** The request's user: its account and whether it is staff (signed in as staff, not impersonating). */
  requesterOf(request: FastifyRequest): Promise<{ accountRecId: number | null; staff: boolean }>;
  /** When the scheduled end is, if one is (ms since the epoch). */
  endsAt(): number | null;
  now?: () => number;
}

const RELAYED = /^\/(api|webservices)(\/|$)/i;
/** Pages that stay reachable: sign-in (staff must be able to sign in) and what every page loads. */
const OPEN_PAGES = /^\/(login|logout|loggedout)(\/|$)/i;
const NOT_A_PAGE = /^\/(gw|assets|healthz|readyz|favicon\.ico)(\/|$)/i;

function pathOf(request: FastifyRequest): string {
  const url = request.raw.url ?? "/";
  const end = url.search(/[?#]/);
  return end === -1 ? url : url.slice(0, end);
}

/** Installs the gate at the root, before the relays and the SPA. */
export function maintenanceGate(app: FastifyInstance, options: MaintenanceGateOptions): void {
  const now = options.now ?? (() => Date.now());
  app.addHook("onRequest", async (request: FastifyRequest, reply: FastifyReply) => {
    if (!options.anyMaintenance()) return;
    const path = pathOf(request);
    const relayed = RELAYED.test(path);
    const page =
      !relayed && !NOT_A_PAGE.test(path) && (request.method === "GET" || request.method === "HEAD");
    if (!relayed && !page) return;
    const requester = await options.requesterOf(request);
    if (requester.staff) return;
    const maintenance = options.maintenanceFor(requester.accountRecId);
    if (!maintenance.enabled) return;
    if (relayed) {
      const end = options.endsAt();
      const retryAfter =
        end !== null && end > now() ? Math.ceil((end - now()) / 1000) : MAINTENANCE_RETRY_AFTER_S;
      return reply
        .code(503)
        .header("Retry-After", String(retryAfter))
        .header("Cache-Control", "no-store")
        .send({
          ErrorCode: GatewayErrorCode.MaintenanceUnderway,
          Message: "The application is closed for maintenance.",
        });
    }
    if (path.toLowerCase() === maintenance.pagePath.toLowerCase() || OPEN_PAGES.test(path)) return;
    return reply
      .code(302)
      .header("Location", maintenance.pagePath)
      .header("Cache-Control", "no-store")
      .send();
  });
}
