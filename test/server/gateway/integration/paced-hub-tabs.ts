/**
 * Browser tabs in a process of their own, each sending `{"t":"ping"}` at a steady rate to the
 * gateway's /gw/hub: the client side of the server-stall suite. It must not share the gateway's
 * event loop — a gateway that stalls (busy-wait, SIGSTOP, a long GC) stops only itself, while its
 * browsers keep sending and their frames queue in the kernel until it resumes.
 *
 *   node --import tsx paced-hub-tabs.ts '<PacedTabsPlan as JSON>'
 *
 * Prints one JSON line `{"sending":true}` once every tab is open, then, after `durationMs` and a
 * short wait for the last answers, `{"tabs":[TabOutcome…]}`, and exits.
 */
import WebSocket from "ws";

/** What to open and how fast each tab sends. */
export interface PacedTabsPlan {
  readonly hubUrl: string;
  readonly cookie: string;
  readonly origin: string;
  readonly durationMs: number;
  readonly tabs: readonly { readonly name: string; readonly perSecond: number }[];
}

/** What became of one tab. */
export interface TabOutcome {
  readonly name: string;
  /** Pings handed to the socket. */
  readonly sent: number;
  /** Pongs the gateway answered with. */
  readonly pongs: number;
  /** The close code, or null while the socket is still open at the end. */
  readonly closeCode: number | null;
}

/** How long to wait after the last ping for the gateway's last pongs. */
const DRAIN_MS = 1_500;

const plan = JSON.parse(process.argv[2] ?? "") as PacedTabsPlan;

function open(): Promise<WebSocket> {
  const socket = new WebSocket(plan.hubUrl, { headers: { cookie: plan.cookie, origin: plan.origin } });
  return new Promise((resolve, reject) => {
    socket.once("open", () => resolve(socket));
    socket.once("error", reject);
  });
}

/**
 * Sends at exactly `perSecond` by the client's own clock: ping k goes out at start + k/perSecond,
 * never earlier, so no second of the client's ever holds more than `perSecond` pings.
 */
async function pace(name: string, perSecond: number, socket: WebSocket): Promise<TabOutcome> {
  let pongs = 0;
  let closeCode: number | null = null;
  socket.on("message", (data) => {
    if ((JSON.parse(String(data)) as { t?: string }).t === "pong") pongs++;
  });
  socket.on("close", (code) => {
    closeCode = code;
  });
  const start = performance.now();
  let sent = 0;
  while (closeCode === null && performance.now() - start < plan.durationMs) {
    const due = Math.floor(((performance.now() - start) * perSecond) / 1000) + 1;
    for (; sent < due && socket.readyState === WebSocket.OPEN; sent++) socket.send('{"t":"ping"}');
    await new Promise((resolve) => setTimeout(resolve, Math.max(1, 1000 / perSecond / 2)));
  }
  await new Promise((resolve) => setTimeout(resolve, DRAIN_MS));
  const outcome = { name, sent, pongs, closeCode };
  socket.terminate();
  return outcome;
}

const sockets = await Promise.all(plan.tabs.map(open));
process.stdout.write(`${JSON.stringify({ sending: true })}\n`);
const outcomes = await Promise.all(
  plan.tabs.map((tab, index) => pace(tab.name, tab.perSecond, sockets[index] as WebSocket)),
);
process.stdout.write(`${JSON.stringify({ tabs: outcomes })}\n`);
process.exit(0);
