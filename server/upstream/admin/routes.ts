/**
 * Staff calls: the admin client scripts (/ws/Client/Admin/Constants and /Config, §7, staff only),
 * the public system media files, and every admin resource of §2.4 — one module per screen group,
 * each following the screen contract of schemas/screens.ts (resource-routes.ts). Reads need the
 * screen module's Read, changes its Write (§6); members never reach any of them (StaffOnly).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { signupOpen } from "../auth/signup-routes.ts";
import type { UpstreamContext } from "../context.ts";
import { notFound } from "../http/errors.ts";
import type { Guards } from "../http/guards.ts";
import { registerAccountRoutes } from "./accounts.ts";
import { registerBillingRoutes } from "./billing.ts";
import { registerBlockedIpRoutes } from "./blocked-ips.ts";
import { helpCenter, loginAnnouncements, queryFunctions } from "./catalogue.ts";
import { registerConfigurationRoutes } from "./configuration.ts";
import { adminConstants } from "./constants.ts";
import { registerCreditNoteRoutes } from "./credit-notes.ts";
import { registerDatabaseRoutes } from "./databases.ts";
import { registerDistributionRoutes } from "./distribution.ts";
import { emailInbound, emailOutbound, emailSpam, mailBodyPanel } from "./email.ts";
import { registerInternalUserRoutes } from "./internal-users.ts";
import { registerIpDatabaseRoutes } from "./ip-database.ts";
import { applicationLogs, recordRequests, registerLogAnalyticsRoutes } from "./logs.ts";
import { bosses, connectors, tasksMap, workers } from "./nodes.ts";
import { registerObjectToolRoutes } from "./object-tools.ts";
import { registerPackageRoutes } from "./packages.ts";
import { registerProjectRoutes } from "./projects.ts";
import { registerProspectRoutes } from "./prospects.ts";
import { registerQueryToolRoutes } from "./query-tool.ts";
import type { AdminResource } from "./resource.ts";
import { adminCall, keyParams } from "./resource-kit.ts";
import { registerAdminResource } from "./resource-routes.ts";
import { registerSupportRoutes } from "./support.ts";
import { registerSupportCommentRoutes } from "./support-comments.ts";
import { registerSupportSessionRoutes } from "./support-sessions.ts";
import { registerSystemMediaFileRoute, registerSystemMediaRoutes } from "./system-media.ts";
import { registerUserRoutes } from "./users.ts";
import { registerWorkRoutes } from "./work.ts";

/**
 * The scripts are loaded as scripts (§7) and define a global; a client asking for JSON gets the
 * same document as JSON.
 */
function sendScript(request: FastifyRequest, reply: FastifyReply, globalName: string, value: unknown) {
  reply.header("Cache-Control", "private, no-store");
  if ((request.headers.accept ?? "").includes("application/json")) return reply.send(value);
  return reply
    .type("text/javascript; charset=utf-8")
    .send(`window.${globalName} = Object.freeze(${JSON.stringify(value)});\n`);
}

/** Registers the admin scripts and the public system media files under the webservices base. */
export function registerAdminScriptRoutes(
  ws: FastifyInstance,
  context: UpstreamContext,
  guards: Guards,
): void {
  const staffOnly = { onRequest: [guards.session, guards.staff] };
  ws.get("/Client/Admin/Constants", staffOnly, async (request, reply) =>
    sendScript(request, reply, "TesseraAdminConstants", adminConstants()),
  );
  ws.get("/Client/Admin/Config", staffOnly, async (request, reply) => {
    const { settings } = context;
    return sendScript(request, reply, "TesseraAdminConfig", {
      SignupAllowed: await signupOpen(context),
      Debug: settings.debug,
      PublicUrl: settings.publicUrl,
      SessionIdleTimeoutSeconds: settings.lifetimes.sessionIdleMs / 1000,
      SessionAbsoluteLifetimeSeconds: settings.lifetimes.sessionAbsoluteMs / 1000,
      ImpersonationLifetimeSeconds: settings.lifetimes.impersonationAbsoluteMs / 1000,
    });
  });
  registerSystemMediaFileRoute(ws, context);
}

/** Screens that are plain resources (no calls beyond the screen contract and their transitions). */
const PLAIN_RESOURCES: readonly AdminResource[] = [
  helpCenter,
  queryFunctions,
  loginAnnouncements,
  bosses,
  workers,
  tasksMap,
  connectors,
  emailOutbound,
  emailInbound,
  emailSpam,
  applicationLogs,
];

/** Registers every admin resource under the application base, and the request log of analytics. */
export function registerAdminRoutes(api: FastifyInstance, context: UpstreamContext, guards: Guards): void {
  recordRequests(api, context);
  for (const resource of PLAIN_RESOURCES) registerAdminResource(api, context, guards, resource);
  registerAccountRoutes(api, context, guards);
  registerUserRoutes(api, context, guards);
  registerInternalUserRoutes(api, context, guards);
  registerBlockedIpRoutes(api, context, guards);
  registerProspectRoutes(api, context, guards);
  registerBillingRoutes(api, context, guards);
  registerCreditNoteRoutes(api, context, guards);
  registerSupportRoutes(api, context, guards);
  registerSupportCommentRoutes(api, context, guards);
  registerProjectRoutes(api, context, guards);
  registerSupportSessionRoutes(api, context, guards);
  registerSystemMediaRoutes(api, context, guards);
  registerObjectToolRoutes(api, context, guards);
  registerDatabaseRoutes(api, context, guards);
  registerQueryToolRoutes(api, context, guards);
  registerWorkRoutes(api, context, guards);
  registerLogAnalyticsRoutes(api, context, guards);
  registerIpDatabaseRoutes(api, context, guards);
  registerConfigurationRoutes(api, context, guards);
  registerPackageRoutes(api, context, guards);
  registerDistributionRoutes(api, context, guards);

  // The emailBody panels: the message of an outgoing, received or spam mail.
  for (const resource of [emailOutbound, emailInbound, emailSpam]) {
    api.get(
      `/Admin/${resource.path}/:key/Body`,
      {
        onRequest: [guards.session, guards.admin(resource.module, "Read")],
        schema: { params: keyParams("int") },
      },
      async (request) => {
        const call = adminCall(request, context);
        const row = await context.store.admin.records.get(
          resource.spec,
          (request.params as { key: number }).key,
          call.at,
        );
        if (!row) throw notFound(resource.noun);
        return mailBodyPanel(String(row.Subject), String(row.Body));
      },
    );
  }
}
