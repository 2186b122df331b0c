/**
 * The benchmark's WebSocket clients, each doing one round trip at a time to the upstream hub's
 * `Echo`: a browser tab of the gateway (signed in through /gw/session, frames of /gw/hub) and a plain
 * SignalR JSON client through nginx (negotiate, connect, handshake, invocation → completion). Both
 * reach the same upstream method over one upstream connection per client.
 */
import WebSocket from "ws";
import { BENCH_ORIGIN } from "./bench-constants.ts";

const RECORD_SEPARATOR = "\u001e";
/** Safety net for a client that never gets its answer (a broken relay must not hang the run). */
const ROUND_TRIP_LIMIT_MS = 10_000;

/** One socket doing round trips. */
export interface RoundTripClient {
  /** Sends one Echo invocation and resolves when its answer arrived. */
  roundTrip(): Promise<void>;
  close(): void;
}

function opened(socket: WebSocket): Promise<void> {
  return new Promise((resolve, reject) => {
    socket.once("open", () => resolve());
    socket.once("error", reject);
    socket.once("unexpected-response", (_request, response) =>
      reject(new Error(`upgrade refused: ${response.statusCode}`)),
    );
  });
}

/** Resolves answers by id; each waits at most `limitMs`. */
class Pending {
  private readonly waiting = new Map<string, { resolve: () => void; timer: NodeJS.Timeout }>();
  private next = 0;

  constructor(private readonly limitMs: number) {}

  open(): { id: string; answered: Promise<void> } {
    const id = String(++this.next);
    const answered = new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.waiting.delete(id);
        reject(new Error(`no answer to invocation ${id}`));
      }, this.limitMs);
      this.waiting.set(id, { resolve, timer });
    });
    return { id, answered };
  }

  settle(id: string): void {
    const entry = this.waiting.get(id);
    if (!entry) return;
    this.waiting.delete(id);
    clearTimeout(entry.timer);
    entry.resolve();
  }
}

/** Signs a new session in at the gateway; returns its Cookie header. */
export async function gatewaySession(gatewayUrl: string): Promise<string> {
  const first = await fetch(`${gatewayUrl}/gw/session`);
  const csrf = /tessera_csrf=([^;]+)/.exec(first.headers.getSetCookie().join("\n"))?.[1] ?? "";
  await first.body?.cancel();
  const login = await fetch(`${gatewayUrl}/gw/session/login`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      origin: BENCH_ORIGIN,
      cookie: `tessera_csrf=${csrf}`,
      "x-tessera-csrf": csrf,
    },
    body: JSON.stringify({ email: "bench@bench.example", password: "bench-password" }),
  });
  await login.body?.cancel();
  if (login.status !== 200) throw new Error(`gateway sign-in failed: ${login.status}`);
  const cookies = login.headers.getSetCookie().map((line) => line.split(";")[0]);
  return cookies.join("; ");
}

/** A gateway tab of a signed-in session, once the gateway reports its upstream leg connected. */
export async function gatewayTab(
  gatewayUrl: string,
  cookie: string,
  roundTripLimitMs = ROUND_TRIP_LIMIT_MS,
): Promise<RoundTripClient> {
  const socket = new WebSocket(`${gatewayUrl.replace(/^http/, "ws")}/gw/hub`, {
    headers: { cookie, origin: BENCH_ORIGIN },
    perMessageDeflate: false,
  });
  const pending = new Pending(roundTripLimitMs);
  let markConnected: () => void = () => {};
  const connected = new Promise<void>((resolve) => {
    markConnected = resolve;
  });
  socket.on("message", (data) => {
    const frame = JSON.parse(String(data)) as { t: string; id?: string; upstream?: string };
    if (frame.t === "result" && frame.id) pending.settle(frame.id);
    else if (frame.t === "ping") socket.send('{"t":"pong"}');
    else if (frame.t === "status" && frame.upstream === "connected") markConnected();
  });
  await opened(socket);
  await connected;
  return {
    roundTrip() {
      const { id, answered } = pending.open();
      socket.send(JSON.stringify({ t: "invoke", id, hub: "user", target: "Echo", args: ["ping"] }));
      return answered;
    },
    close: () => socket.close(1000),
  };
}

/** Signs in at the upstream (through `baseUrl`) and returns the bearer token. */
export async function upstreamToken(baseUrl: string): Promise<string> {
  const login = await fetch(`${baseUrl}/api/Login`, { method: "POST" });
  return ((await login.json()) as { Token: string }).Token;
}

/** A SignalR JSON client of `{baseUrl}/hubs/user`, handshaken. */
export async function signalrClient(
  baseUrl: string,
  token: string,
  roundTripLimitMs = ROUND_TRIP_LIMIT_MS,
): Promise<RoundTripClient> {
  const authorization = { authorization: `Bearer ${token}` };
  const negotiate = await fetch(`${baseUrl}/hubs/user/negotiate?negotiateVersion=1`, {
    method: "POST",
    headers: authorization,
  });
  const { connectionToken } = (await negotiate.json()) as { connectionToken: string };
  const socket = new WebSocket(
    `${baseUrl.replace(/^http/, "ws")}/hubs/user?id=${encodeURIComponent(connectionToken)}`,
    { headers: authorization, perMessageDeflate: false },
  );
  const pending = new Pending(roundTripLimitMs);
  let markHandshaken: () => void = () => {};
  const handshaken = new Promise<void>((resolve) => {
    markHandshaken = resolve;
  });
  socket.on("message", (data) => {
    for (const text of String(data).split(RECORD_SEPARATOR)) {
      if (!text) continue;
      const message = JSON.parse(text) as { type?: number; invocationId?: string };
      if (message.type === undefined) markHandshaken();
      else if (message.type === 3 && message.invocationId) pending.settle(message.invocationId);
    }
  });
  await opened(socket);
  socket.send(`{"protocol":"json","version":1}${RECORD_SEPARATOR}`);
  await handshaken;
  return {
    roundTrip() {
      const { id, answered } = pending.open();
      socket.send(
        `${JSON.stringify({ type: 1, invocationId: id, target: "Echo", arguments: ["ping"] })}${RECORD_SEPARATOR}`,
      );
      return answered;
    },
    close: () => socket.close(1000),
  };
}

/** Closed-loop round trips on every client for `durationMs`; the total count and seconds taken. */
export async function roundTripRound(
  clients: readonly RoundTripClient[],
  durationMs: number,
): Promise<{ roundTrips: number; seconds: number }> {
  let roundTrips = 0;
  const started = performance.now();
  const deadline = started + durationMs;
  await Promise.all(
    clients.map(async (client) => {
      while (performance.now() < deadline) {
        await client.roundTrip();
        roundTrips++;
      }
    }),
  );
  return { roundTrips, seconds: (performance.now() - started) / 1000 };
}
