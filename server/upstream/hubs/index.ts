/**
 * The hub server of the reference upstream: SignalR's JSON hub protocol over WebSocket (DESIGN.md §4).
 * Register @fastify/websocket on the app, then call `registerHub` once per hub path.
 */
export { type HubBackplane, type HubDelivery, hubScope } from "./hub-backplane.ts";
export { accessTokenOf, CONFLICTING, registerHub } from "./hub-server.ts";
export * from "./hub-settings.ts";
export {
  type Hub,
  type HubCloseOptions,
  type HubConnection,
  HubMethodError,
  type HubMethodHandler,
  type HubOptions,
  type HubPrincipal,
  type HubSends,
} from "./hub-types.ts";
export { type BackplaneResyncReason, type BackplaneStats, RedisBackplane } from "./redis-backplane.ts";
export { withinGrace } from "./within-grace.ts";
