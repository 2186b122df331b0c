/**
 * Public types of the hub server: what `registerHub` takes, what it returns, and what a hub method
 * handler sees of its connection.
 */
import type { FastifyRequest } from "fastify";
import type { HubBackplane } from "./hub-backplane.ts";

/** The authenticated party behind a connection; `key` identifies it (e.g. a user's record id). */
export interface HubPrincipal {
  /** Stable identity used by `sendToPrincipal`/`closeConnectionsOf` and to bind connection tokens. */
  readonly key: string;
}

/** How a connection is ended by the server. */
export interface HubCloseOptions {
  /** Reason sent to the client in the Close message; omit for a normal closure. */
  readonly error?: string;
  /** Tells a client with automatic reconnect enabled that it should reconnect. */
  readonly allowReconnect?: boolean;
}

/** One live, handshaken connection as seen by hooks and method handlers. */
export interface HubConnection<P extends HubPrincipal> {
  /** Public connection id (from negotiate); unlike the connection token it is not a secret. */
  readonly id: string;
  /** The principal authenticated when the socket was opened. */
  readonly principal: P;
  /** When the handshake completed. */
  readonly connectedAt: Date;
  /** Groups this connection belongs to. */
  readonly groups: ReadonlySet<string>;
  /** Free per-connection state for the application (like ASP.NET's `Context.Items`). */
  readonly items: Map<string, unknown>;
  /** Invokes `target` on this client; false when the connection is no longer open. */
  send(target: string, ...args: unknown[]): boolean;
  /** Sends a Close message and closes the socket (code 1000). */
  close(options?: HubCloseOptions): void;
}

/**
 * A client-invocable method. Its resolved value becomes the Completion result (`undefined` = void).
 * Throw a {@link HubMethodError} to send its message to the client; any other error is logged and the
 * client gets a generic error, so internals never leak.
 */
export type HubMethodHandler<P extends HubPrincipal> = (
  connection: HubConnection<P>,
  args: readonly unknown[],
) => unknown | Promise<unknown>;

/** An error whose message is meant for the client (bad arguments, forbidden action, …). */
export class HubMethodError extends Error {
  override readonly name = "HubMethodError";
}

/** Options of `registerHub`. Durations are in milliseconds. */
export interface HubOptions<P extends HubPrincipal> {
  /** Hub path, e.g. "/hubs/user": negotiate is `POST {path}/negotiate`, the socket is `GET {path}?id=…`. */
  readonly path: string;
  /**
   * Resolves the principal of a negotiate or connect request, or null to refuse it (401).
   * `accessToken` is the bearer token from the `Authorization: Bearer` header or, as browsers must send
   * it for WebSockets, from the `access_token` query parameter; null when neither is present.
   */
  readonly authenticate: (request: FastifyRequest, accessToken: string | null) => Promise<P | null>;
  /** Client-invocable methods by (case-sensitive) name. */
  readonly methods?: Readonly<Record<string, HubMethodHandler<P>>>;
  /** Runs after the handshake, before any invocation of the client is processed; throwing closes it. */
  readonly onConnect?: (connection: HubConnection<P>) => void | Promise<void>;
  /** Runs once when a connection ends, with the error that ended it if any. */
  readonly onDisconnect?: (connection: HubConnection<P>, error?: Error) => void | Promise<void>;
  /** A Ping is sent when nothing was sent for this long. Default 15 000. */
  readonly pingIntervalMs?: number;
  /** A client that sent nothing (not even a Ping) for this long is closed. Default 30 000. */
  readonly clientTimeoutMs?: number;
  /** A socket that has not completed the handshake within this is closed. Default 15 000. */
  readonly handshakeTimeoutMs?: number;
  /** A connection token not used within this expires. Default 15 000. */
  readonly connectionTokenTtlMs?: number;
  /** Largest accepted incoming message in UTF-8 bytes. Default 65 536. */
  readonly maxMessageBytes?: number;
  /** Invocations a client may have queued or running before it is closed. Default 32. */
  readonly maxPendingInvocations?: number;
  /** Outgoing bytes a slow client may leave unread before it is dropped. Default 4 MiB. */
  readonly maxBufferedBytes?: number;
  /** How long `close()` waits for clients to acknowledge before terminating sockets. Default 5 000. */
  readonly shutdownGraceMs?: number;
  /**
   * The channel to the hub's other instances (hub-backplane.ts): sends and closes are published there
   * too, and what the others publish reaches this instance's connections. None: this process only.
   */
  readonly backplane?: HubBackplane;
}

/**
 * Sends and closes on the connections of this process only. The counts returned are of this
 * process's connections: another instance's are reached through the backplane, uncounted.
 */
export interface HubSends {
  /** Invokes `target` on one connection; false when no such open connection exists here. */
  sendToConnection(connectionId: string, target: string, ...args: unknown[]): boolean;
  /** Invokes `target` on every connection of a principal; returns how many were reached here. */
  sendToPrincipal(principalKey: string, target: string, ...args: unknown[]): number;
  /** Invokes `target` on every connection in a group; returns how many were reached here. */
  sendToGroup(group: string, target: string, ...args: unknown[]): number;
  /** Invokes `target` on every connection of the hub; returns how many were reached here. */
  sendToAll(target: string, ...args: unknown[]): number;
  /** Closes every connection of a principal (e.g. on logout); returns how many were closed here. */
  closeConnectionsOf(principalKey: string, options?: HubCloseOptions): number;
}

/**
 * The handle `registerHub` returns, for the application to push events and manage connections. Its
 * sends and closes reach every instance's connections when the hub has a backplane (counting this
 * process's); `local` reaches this process's only.
 */
export interface Hub<P extends HubPrincipal> extends HubSends {
  /** The hub path it was registered with. */
  readonly path: string;
  /** The same sends and closes, on this process's connections only (what a backplane delivers). */
  readonly local: HubSends;
  /** Adds a connection to a group; false when no such open connection exists. */
  addToGroup(connectionId: string, group: string): boolean;
  /** Removes a connection from a group; false when it was not in it. */
  removeFromGroup(connectionId: string, group: string): boolean;
  /** A snapshot of this process's open connections. */
  connections(): HubConnection<P>[];
  /**
   * Shutdown: refuses new negotiations and sockets, sends every client a Close message allowing
   * reconnect, closes the sockets with 1001 and resolves when they are gone. Also runs on `app.close()`.
   */
  close(): Promise<void>;
}
