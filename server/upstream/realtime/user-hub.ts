/**
 * The user hub at /hubs/user (§7 "Realtime user hub events"): every signed-in session may connect.
 * On connect the server announces its desktop version (`desktop-started`) and the session's warning
 * state; notifications of the user arrive as `notificationAdded`; staff trigger `reload`,
 * `refresh-base-page-user`, `log` and new desktop versions (admin-routes.ts); session-watch.ts sends
 * the disconnection events. The one method, `Ping`, refreshes the session like v2/User/Ping.
 */
import { readFileSync } from "node:fs";
import type { FastifyInstance } from "fastify";
import type { UpstreamContext } from "../context.ts";
import { type Hub, type HubBackplane, HubMethodError, registerHub } from "../hubs/index.ts";
import { notificationBody } from "../notifications/service.ts";
import { accountGroup, SessionPrincipal, userGroup } from "./principals.ts";
import type { SessionWatch } from "./session-watch.ts";
import { UserHubMethod, UserHubTarget } from "./targets.ts";

/** System configuration key of the desktop version staff published (PUT Admin/Realtime/DesktopVersion). */
export const DESKTOP_VERSION_KEY = "DesktopVersion";

/** The version of this build, announced until staff publish another. */
export const BUILD_VERSION: string = (
  JSON.parse(readFileSync(new URL("../../../package.json", import.meta.url), "utf8")) as { version: string }
).version;

/** The desktop version the server announces (§4.2: a different one sets the client's new-version flag). */
export async function desktopVersion(context: UpstreamContext): Promise<string> {
  return (await context.store.config.get<string>(DESKTOP_VERSION_KEY)) ?? BUILD_VERSION;
}

/** Mounts the user hub; `watch` is the session watch both hubs share. */
export function registerUserHub(
  app: FastifyInstance,
  context: UpstreamContext,
  watch: () => SessionWatch,
  backplane?: HubBackplane,
): Hub<SessionPrincipal> {
  const hub: Hub<SessionPrincipal> = registerHub<SessionPrincipal>(app, {
    path: "/hubs/user",
    backplane,
    authenticate: async (_request, token) => {
      if (!token) return null;
      const caller = await context.sessions.authenticate(token);
      // A preview's read-only session has no realtime: a hub method could change data.
      return typeof caller === "string" || caller.session.readOnly
        ? null
        : new SessionPrincipal(caller, token);
    },
    onConnect: async (connection) => {
      const { principal } = connection;
      hub.addToGroup(connection.id, userGroup(principal.accountId, principal.userId));
      hub.addToGroup(connection.id, accountGroup(principal.accountId));
      connection.send(UserHubTarget.DesktopStarted, await desktopVersion(context));
      await watch().check(principal, connection);
    },
    methods: {
      [UserHubMethod.Ping]: async (connection) => {
        const caller = await connection.principal.reauthenticate(context);
        if (typeof caller === "string") {
          await watch().check(connection.principal);
          throw new HubMethodError("The session has ended; sign in again.");
        }
        const times = await context.sessions.ping(caller);
        await watch().check(connection.principal);
        return {
          ExpiresAt: new Date(times.expiresAt).toISOString(),
          AbsoluteExpiresAt: new Date(times.absoluteExpiresAt).toISOString(),
          DisconnectionWarningAt: new Date(times.warningAt).toISOString(),
        };
      },
    },
  });

  const off = context.events.on("notificationAdded", ({ accountId, userId, notification }) => {
    hub.sendToGroup(
      userGroup(accountId, userId),
      UserHubTarget.NotificationAdded,
      notificationBody(notification),
    );
  });
  app.addHook("onClose", async () => off());
  return hub;
}
