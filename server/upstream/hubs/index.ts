/**
 * The hub server of the reference upstream: SignalR's JSON hub protocol over WebSocket (DESIGN.md §4).
 * Register @fastify/websocket on the app, then call `registerHub` once per hub path.
 */
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
} from "./hub-types.ts";
