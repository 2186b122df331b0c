/**
 * The configuration plane's preview as a user (DESIGN.md §3 "previewed as a given role/account"):
 * staff with Read on the Configuration admin module get a read-only session as one member of one
 * account, so the gateway can draw that member's first screen with the data they would see (§6:
 * every route applies the member's own role and subscription). The session only reads — the session
 * guard refuses it every call but GET and HEAD, the hubs refuse it — lives at most
 * PREVIEW_SESSION_MS and never longer than the staff session it was started from, and is audited.
 *
 * Only the gateway calls this (relay/relayed-calls.ts lists it as a session call): the token stays
 * in the gateway and never reaches a browser.
 */
import type { FastifyInstance } from "fastify";
import { audit } from "../admin/audit.ts";
import type { UpstreamContext } from "../context.ts";
import { conflict, forbidden, notFound } from "../http/errors.ts";
import { callerOf, type Guards } from "../http/guards.ts";
import { recIdSchema } from "../http/schemas.ts";
import { grantBody } from "./grant-response.ts";

/** The longest a preview's session lives: long enough to look at a preview, short enough to forget. */
export const PREVIEW_SESSION_MS = 15 * 60_000;

const previewBody = {
  type: "object",
  properties: { AccountRecId: recIdSchema, UserRecId: recIdSchema },
  required: ["AccountRecId", "UserRecId"],
  additionalProperties: false,
} as const;

/** Registers the preview session route under the application base. */
export function registerPreviewSessionRoutes(
  api: FastifyInstance,
  context: UpstreamContext,
  guards: Guards,
): void {
  const { store, sessions } = context;

  api.post(
    "/Admin/Configuration/PreviewSession",
    { onRequest: [guards.session, guards.admin("Configuration", "Read")], schema: { body: previewBody } },
    async (request) => {
      const staff = callerOf(request);
      const { AccountRecId, UserRecId } = request.body as { AccountRecId: number; UserRecId: number };
      // Scoped to the account named: a user of another account is not found, as for every tenant read.
      const user = await store.users.get(AccountRecId, UserRecId);
      const account = await store.accounts.get(AccountRecId);
      if (!user || !account) throw notFound("User");
      if (account.isSystem || user.isStaff) {
        throw forbidden("ImpersonationNotAllowed", "Staff users cannot be previewed.");
      }
      if (user.disabled || account.disabled)
        throw conflict("Conflict", "The user or the account is disabled.");
      const grant = await sessions.issue(
        user,
        { staff: staff.user, staffSession: staff.session },
        { lifetimeMs: PREVIEW_SESSION_MS },
      );
      await audit(context, {
        action: "PreviewSessionStarted",
        message: `${staff.user.email} previews the first screen as ${user.email} (${account.domain}), read-only.`,
        actor: staff.user,
        target: user,
        details: { sessionId: grant.session.id },
      });
      return grantBody(context, grant);
    },
  );
}
