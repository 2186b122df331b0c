/**
 * The embedded reference upstream (DESIGN.md §1, §5): a real application service behind the calls
 * of §7, with its own persistent store. `buildUpstream` returns a ready Fastify instance that never
 * listens by itself — `main.ts` (npm run upstream) or the caller listens, and the gateway talks to
 * it only over HTTP and WebSocket.
 *
 * Bases: the application base is /api/ (§7 paths such as Common/LoggedInConfig), the webservices
 * base is /ws/ ({webservices}/account/logo/…), and the hubs live at /hubs/user and /hubs/supportchat.
 */
import multipart from "@fastify/multipart";
import Fastify, { type FastifyInstance, type FastifyServerOptions } from "fastify";
import { redactedLoggerOptions } from "../../core/log-redaction.ts";
import { registerBrandingRoutes } from "./account/branding-routes.ts";
import { registerEmbeddingRoutes } from "./account/embedding-routes.ts";
import { registerAccountLogoRoutes } from "./account/logo-routes.ts";
import { registerAccountMenuRoutes } from "./account/menu-routes.ts";
import { registerRoleRoutes } from "./account/roles-routes.ts";
import { registerAccountRoutes } from "./account/routes.ts";
import { registerAccountSettingsRoutes } from "./account/settings-routes.ts";
import { registerInvoiceListRoutes } from "./account-admin/invoices-routes.ts";
import { registerAccountAdminRoutes } from "./account-admin/routes.ts";
import { registerGatewayRolePermissionsRoutes } from "./admin/gateway-role-permissions-routes.ts";
import { registerGatewaySettingsRoutes } from "./admin/gateway-settings-routes.ts";
import { registerGatewayUserAccessRoutes } from "./admin/gateway-user-access-routes.ts";
import { registerAdminRoutes, registerAdminScriptRoutes } from "./admin/routes.ts";
import { registerAnalyticsRoutes } from "./analytics/routes.ts";
import { registerSharedAnalyticsRoutes } from "./analytics/shared-routes.ts";
import { registerCredentialRoutes } from "./auth/credential-routes.ts";
import { registerImpersonationRoutes } from "./auth/impersonation-routes.ts";
import { registerLoginRoutes } from "./auth/login-routes.ts";
import { registerPreviewSessionRoutes } from "./auth/preview-session-routes.ts";
import { registerRecoveryRoutes } from "./auth/recovery-routes.ts";
import { SessionService } from "./auth/session-service.ts";
import { registerSignupRoutes } from "./auth/signup-routes.ts";
import { registerChatRoutes } from "./chat/routes.ts";
import type { UpstreamContext } from "./context.ts";
import { registerDataRoutes } from "./data/routes.ts";
import { UpstreamEvents } from "./events.ts";
import { registerInvoiceRoutes, registerWebserviceFileRoutes } from "./files/routes.ts";
import { registerFolderRoutes } from "./folders/routes.ts";
import { registerHelpRoutes } from "./help/routes.ts";
import { installMultipartBodyLimit } from "./http/body-limits.ts";
import { errorAnswerServerOptions, installErrorHandling } from "./http/errors.ts";
import { createGuards } from "./http/guards.ts";
import { formatValidationErrors, installValidation } from "./http/validation.ts";
import { registerJobRoutes } from "./jobs/routes.ts";
import { registerMediaRoutes } from "./media/routes.ts";
import { registerNotificationAdminRoutes } from "./notifications/admin-routes.ts";
import { registerNotificationRoutes } from "./notifications/routes.ts";
import { registerObjectRoutes } from "./objects/routes.ts";
import { resolveSettings, type UpstreamOptions } from "./options.ts";
import { registerRealtimeAdminRoutes } from "./realtime/admin-routes.ts";
import { registerChatAdminRoutes } from "./realtime/chat-admin-routes.ts";
import { mountRealtime } from "./realtime/index.ts";
import { seedDemo } from "./seed/demo.ts";
import { registerPublicLinkRoutes } from "./sharing/public-link-routes.ts";
import { registerShareRoutes } from "./sharing/share-routes.ts";
import { openPostgresStore, openSqliteStore } from "./store/index.ts";
import { registerTaskRoutes } from "./tasks/routes.ts";
import { registerTeamRoutes } from "./teams/routes.ts";
import { registerTicketRoutes } from "./tickets/routes.ts";
import { registerUserRoutes } from "./users/routes.ts";

export type { UpstreamOptions } from "./options.ts";

/** JSON bodies above this size get 413 (uploads have their own, larger limit per route). */
export const JSON_BODY_LIMIT_BYTES = 64 * 1024;

const contexts = new WeakMap<FastifyInstance, UpstreamContext>();
const routeTables = new WeakMap<FastifyInstance, UpstreamRoute[]>();

/** One route the upstream answers: its method and its URL pattern as registered (`/api/Login/TwoFactor`). */
export interface UpstreamRoute {
  method: string;
  url: string;
  /** The most bytes of body the route reads (its own `bodyLimit`, else JSON_BODY_LIMIT_BYTES). */
  bodyLimit: number;
}

/**
 * Every route of an upstream instance, in registration order, HEAD routes Fastify adds on its own left
 * out. The gateway's relay policy is tested against this table, so a new route cannot go unjudged.
 */
export function upstreamRouteTable(app: FastifyInstance): readonly UpstreamRoute[] {
  const table = routeTables.get(app);
  if (!table) throw new Error("not an upstream instance");
  return table;
}

/** The services behind an upstream instance (for the hubs and for tools). */
export function upstreamContextOf(app: FastifyInstance): UpstreamContext {
  const context = contexts.get(app);
  if (!context) throw new Error("not an upstream instance");
  return context;
}

/** Builds the upstream: opens and migrates the store, seeds the demo on first start, adds every route. */
export async function buildUpstream(options: UpstreamOptions = {}): Promise<FastifyInstance> {
  const settings = resolveSettings(options);
  const clock = options.now ?? (() => new Date());
  const now = () => clock().getTime();
  const store = settings.databaseUrl
    ? await openPostgresStore(settings.databaseUrl, now, settings.mediaDirectory)
    : openSqliteStore(settings.databaseFile, now);
  const app = Fastify({
    // Request lines carry share codes and tokens: the redaction holds however the upstream is built.
    logger: redactedLoggerOptions((options.logger ?? false) as FastifyServerOptions["logger"]),
    bodyLimit: JSON_BODY_LIMIT_BYTES,
    routerOptions: { caseSensitive: false, ignoreTrailingSlash: true },
    schemaErrorFormatter: formatValidationErrors,
    // Router and HTTP parser errors get §8 answers too (they happen outside any Fastify scope).
    ...errorAnswerServerOptions,
  });
  app.addHook("onClose", async () => store.close());
  const routes: UpstreamRoute[] = [];
  routeTables.set(app, routes);
  app.addHook("onRoute", (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      if (method === "HEAD" && route.exposeHeadRoute !== false && methods.length === 1) continue;
      routes.push({ method, url: route.url, bodyLimit: route.bodyLimit ?? JSON_BODY_LIMIT_BYTES });
    }
  });
  try {
    const context: UpstreamContext = {
      store,
      settings,
      now,
      events: new UpstreamEvents(),
      sessions: new SessionService(store, settings.lifetimes, now),
      log: app.log,
    };
    contexts.set(app, context);
    installValidation(app);
    installErrorHandling(app);
    installJsonParser(app);
    installMultipartBodyLimit(app);
    app.addHook("onSend", async (_request, reply) => {
      reply.header("X-Content-Type-Options", "nosniff");
      if (!reply.hasHeader("Cache-Control")) reply.header("Cache-Control", "no-store");
    });
    await app.register(multipart, { limits: { files: 1, fields: 4, parts: 6 } });

    const guards = createGuards(context);
    await app.register(
      async (api) => {
        registerLoginRoutes(api, context, guards);
        registerRecoveryRoutes(api, context);
        registerCredentialRoutes(api, context, guards);
        registerSignupRoutes(api, context);
        registerImpersonationRoutes(api, context, guards);
        registerPreviewSessionRoutes(api, context, guards);
        registerAccountRoutes(api, context, guards);
        registerAccountSettingsRoutes(api, context, guards);
        registerAccountMenuRoutes(api, context, guards);
        registerAccountLogoRoutes(api, context, guards);
        registerRoleRoutes(api, context, guards);
        registerDataRoutes(api, context, guards);
        registerObjectRoutes(api, context, guards);
        registerFolderRoutes(api, context, guards);
        registerTicketRoutes(api, context, guards);
        registerTaskRoutes(api, context, guards);
        registerMediaRoutes(api, context, guards);
        registerAccountAdminRoutes(api, context, guards);
        registerNotificationRoutes(api, context, guards);
        registerChatRoutes(api, context, guards);
        registerInvoiceRoutes(api, context, guards);
        registerAdminRoutes(api, context, guards);
        registerTeamRoutes(api, context, guards);
        registerNotificationAdminRoutes(api, context, guards);
        registerChatAdminRoutes(api, context, guards);
        registerRealtimeAdminRoutes(api, context, guards);
        registerJobRoutes(api, context, guards);
        registerUserRoutes(api, context, guards);
        registerInvoiceListRoutes(api, context, guards);
        registerPublicLinkRoutes(api, context, guards);
        registerAnalyticsRoutes(api, context, guards);
      },
      { prefix: "/api" },
    );
    await app.register(
      async (ws) => {
        registerWebserviceFileRoutes(ws, context, guards);
        registerBrandingRoutes(ws, context);
        registerAdminScriptRoutes(ws, context, guards);
        registerEmbeddingRoutes(ws, context);
        registerGatewaySettingsRoutes(ws, context);
        registerGatewayRolePermissionsRoutes(ws, context);
        registerGatewayUserAccessRoutes(ws, context);
        registerShareRoutes(ws, context);
        registerSharedAnalyticsRoutes(ws, context);
        registerHelpRoutes(ws, context);
      },
      { prefix: "/ws" },
    );

    // ── Hubs: mount point ────────────────────────────────────────────────────────────────────────
    // The SignalR hubs (server/upstream/hubs, `registerHub(app, options)`) mount here, at
    // /hubs/user (user hub) and /hubs/supportchat (support chat hub). They authenticate with
    // `context.sessions.authenticate(accessToken)` and push what `context.events` announces
    // (notificationAdded, sessionEnded, chatMessage).
    // ────────────────────────────────────────────────────────────────────────────────────────────
    await mountRealtime(app, context);

    if (settings.seed && (await store.accounts.isEmpty())) await seedDemo(context);
    return app;
  } catch (error) {
    await app.close();
    throw error;
  }
}

/**
 * JSON bodies go through Fastify's own parser (which refuses __proto__ and constructor.prototype
 * keys), except that an empty body counts as no body: clients send a JSON content type on DELETE.
 */
function installJsonParser(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser("error", "error");
  app.removeContentTypeParser("application/json");
  app.addContentTypeParser("application/json", { parseAs: "string" }, (request, body, done) => {
    if (body === "" || (typeof body === "string" && body.trim() === "")) return done(null, undefined);
    return parseJson(request, body as string, done);
  });
}
