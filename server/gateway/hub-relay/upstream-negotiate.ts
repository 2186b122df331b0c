/**
 * Opening an upstream hub connection up to the WebSocket (DESIGN.md §4, "Upstream hub protocol"):
 * `POST {hub}/negotiate?negotiateVersion=1` with the upstream bearer token, then `ws {hub}?id={token}`.
 * Failures are classified so the link can tell "the upstream ended this user's session" (401) and
 * "this hub is not for this user" (403) from "the upstream is unreachable" (everything else).
 */
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
  const cause = (error as { cause?: { code?: string } }).cause?.code;
  return cause ?? (error instanceof Error ? error.name : "error");
}

/** Negotiates (version 1) and returns the connection token for the socket URL. */
export async function negotiate(hubUrl: string, bearerToken: string, signal: AbortSignal): Promise<string> {
  let response: Response;
  try {
    response = await fetch(`${hubUrl}/negotiate?negotiateVersion=1`, {
      method: "POST",
      headers: { authorization: `Bearer ${bearerToken}`, "content-type": "text/plain;charset=UTF-8" },
      body: "",
      redirect: "manual",
      signal: AbortSignal.any([signal, AbortSignal.timeout(UPSTREAM_NEGOTIATE_TIMEOUT_MS)]),
    });
  } catch (error) {
    throw new UpstreamConnectError("failed", `negotiate failed: ${describe(error)}`);
  }
  if (response.status !== 200) {
    await response.body?.cancel().catch(() => undefined);
    throw new UpstreamConnectError(failureOfStatus(response.status), `negotiate answered ${response.status}`);
  }
  let body: Record<string, unknown>;
  try {
    body = (await response.json()) as Record<string, unknown>;
  } catch {
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
    let settled = false;
    const settle = (error?: UpstreamConnectError) => {
      if (settled) return;
      settled = true;
      signal.removeEventListener("abort", onAbort);
      if (error === undefined) return resolve(socket);
      socket.terminate();
      reject(error);
    };
    const onAbort = () => settle(new UpstreamConnectError("failed", "connection attempt cancelled"));
    signal.addEventListener("abort", onAbort, { once: true });
    // Errors after the socket is handed over are reported through its 'close' event.
    socket.on("error", (error) => settle(new UpstreamConnectError("failed", `socket: ${describe(error)}`)));
    socket.once("unexpected-response", (request, response) => {
      const status = response.statusCode ?? 0;
      response.resume();
      request.destroy();
      settle(new UpstreamConnectError(failureOfStatus(status), `socket upgrade answered ${status}`));
    });
    socket.once("close", () => settle(new UpstreamConnectError("failed", "socket closed while opening")));
    socket.once("open", () => settle());
    if (signal.aborted) onAbort();
  });
}
