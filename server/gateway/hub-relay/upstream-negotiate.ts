/**
 * Opening an upstream hub connection up to the WebSocket (DESIGN.md §4, "Upstream hub protocol"):
 * `POST {hub}/negotiate?negotiateVersion=1` with the upstream bearer token, then `ws {hub}?id={token}`.
 * Failures are classified so the link can tell "the upstream ended this user's session" (401) and
 * "this hub is not for this user" (403) from "the upstream is unreachable" (everything else).
 */
import type { ClientRequest, IncomingMessage } from "node:http";
import { type Dispatcher, request } from "undici";
import WebSocket from "ws";

/** Negotiate must answer within this. */
export const UPSTREAM_NEGOTIATE_TIMEOUT_MS = 10_000;
/** The WebSocket opening handshake must complete within this. */
export const UPSTREAM_SOCKET_OPEN_TIMEOUT_MS = 10_000;
/** Largest message accepted from the upstream hub, in bytes. */
export const UPSTREAM_MAX_MESSAGE_BYTES = 1024 * 1024;

/** Why a connection attempt failed: 401, 403, or anything else (network, timeout, bad answer). */
export type ConnectFailure = "unauthorized" | "forbidden" | "failed";

/** A failed connection attempt; `message` is for the gateway's log only, never for the browser. */
export class UpstreamConnectError extends Error {
  override readonly name = "UpstreamConnectError";
  constructor(
    readonly failure: ConnectFailure,
    message: string,
  ) {
    super(message);
  }
}

function failureOfStatus(status: number): ConnectFailure {
  if (status === 401) return "unauthorized";
  if (status === 403) return "forbidden";
  return "failed";
}

function describe(error: unknown): string {
  const { code, cause } = error as { code?: unknown; cause?: { code?: string } };
  if (typeof code === "string") return code;
  return cause?.code ?? (error instanceof Error ? error.name : "error");
}

/** Largest negotiate answer read (a few hundred bytes in practice). */
const MAX_NEGOTIATE_BYTES = 64 * 1024;

async function readJson(body: Dispatcher.ResponseData["body"]): Promise<unknown> {
  let text = "";
  for await (const chunk of body) {
    text += String(chunk);
    if (text.length > MAX_NEGOTIATE_BYTES) throw new Error("negotiate answer too large");
  }
  return JSON.parse(text);
}

/**
 * Negotiates (version 1) and returns the connection token for the socket URL. Over undici's
 * `request` (the gateway's HTTP stack) with its own timeouts rather than fetch with a composed
 * AbortSignal: nothing of the call — no timer, no signal — outlives it.
 */
export async function negotiate(
  hubUrl: string,
  bearerToken: string,
  signal: AbortSignal,
  dispatcher?: Dispatcher,
): Promise<string> {
  let response: Dispatcher.ResponseData;
  try {
    response = await request(`${hubUrl}/negotiate?negotiateVersion=1`, {
      method: "POST",
      headers: { authorization: `Bearer ${bearerToken}`, "content-type": "text/plain;charset=UTF-8" },
      body: "",
      signal,
      dispatcher,
      headersTimeout: UPSTREAM_NEGOTIATE_TIMEOUT_MS,
      bodyTimeout: UPSTREAM_NEGOTIATE_TIMEOUT_MS,
    });
  } catch (error) {
    throw new UpstreamConnectError("failed", `negotiate failed: ${describe(error)}`);
  }
  if (response.statusCode !== 200) {
    await response.body.dump().catch(() => undefined);
    throw new UpstreamConnectError(
      failureOfStatus(response.statusCode),
      `negotiate answered ${response.statusCode}`,
    );
  }
  let body: Record<string, unknown>;
  try {
    body = (await readJson(response.body)) as Record<string, unknown>;
  } catch {
    response.body.destroy();
    throw new UpstreamConnectError("failed", "negotiate answered with something that is not JSON");
  }
  if (typeof body?.error === "string") throw new UpstreamConnectError("failed", "negotiate refused");
  const transports = Array.isArray(body?.availableTransports) ? body.availableTransports : [];
  const webSockets = transports.some(
    (t: { transport?: unknown; transferFormats?: unknown }) =>
      t?.transport === "WebSockets" && Array.isArray(t.transferFormats) && t.transferFormats.includes("Text"),
  );
  const token = body?.connectionToken;
  if (typeof body?.negotiateVersion !== "number" || body.negotiateVersion < 1 || typeof token !== "string") {
    throw new UpstreamConnectError("failed", "negotiate answered without a version 1 connection token");
  }
  if (!webSockets || token === "")
    throw new UpstreamConnectError("failed", "upstream offers no text WebSocket");
  return token;
}

/** The socket URL of a hub for a connection token. */
export function socketUrlOf(hubUrl: string, connectionToken: string): string {
  const separator = hubUrl.includes("?") ? "&" : "?";
  return `${hubUrl.replace(/^http/i, "ws")}${separator}id=${encodeURIComponent(connectionToken)}`;
}

/** Opens the WebSocket of a negotiated connection, with the bearer token in the Authorization header. */
export function openSocket(url: string, bearerToken: string, signal: AbortSignal): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    // The token goes in a header, never in the URL, so no access log on the way can record it.
    const socket = new WebSocket(url, {
      headers: { authorization: `Bearer ${bearerToken}` },
      handshakeTimeout: UPSTREAM_SOCKET_OPEN_TIMEOUT_MS,
      maxPayload: UPSTREAM_MAX_MESSAGE_BYTES,
      perMessageDeflate: false,
      followRedirects: false,
    });
    const onAbort = () => settle(new UpstreamConnectError("failed", "connection attempt cancelled"));
    const onError = (error: Error) =>
      settle(new UpstreamConnectError("failed", `socket: ${describe(error)}`));
    const onUnexpected = (upgrade: ClientRequest, response: IncomingMessage) => {
      const status = response.statusCode ?? 0;
      response.resume();
      upgrade.destroy();
      settle(new UpstreamConnectError(failureOfStatus(status), `socket upgrade answered ${status}`));
    };
    const onClose = () => settle(new UpstreamConnectError("failed", "socket closed while opening"));
    const onOpen = () => settle();
    // Once settled, none of these listeners stays on the socket (they would live as long as it does).
    const settle = (error?: UpstreamConnectError) => {
      signal.removeEventListener("abort", onAbort);
      socket.off("unexpected-response", onUnexpected).off("close", onClose).off("open", onOpen);
      // The connection takes the socket's errors over; before that, nothing can happen on it (no I/O).
      socket.off("error", onError);
      if (error === undefined) return resolve(socket);
      socket.on("error", () => undefined);
      socket.terminate();
      reject(error);
    };
    signal.addEventListener("abort", onAbort, { once: true });
    socket.on("error", onError);
    socket.once("unexpected-response", onUnexpected);
    socket.once("close", onClose);
    socket.once("open", onOpen);
    if (signal.aborted) onAbort();
  });
}
