/**
 * Memory per idle relayed WebSocket (target: ≤ 16 kB per idle relayed connection), read from
 * outside the measured process: its RSS from /proc and, for the gateway, V8's heap used + external
 * after a full GC (over IPC).
 */
import { rssBytes } from "./process-meter.ts";
import type { Report } from "./report.ts";
import { inBatches, type ServerProcess } from "./servers.ts";
import {
  gatewaySession,
  gatewayTab,
  type RoundTripClient,
  signalrClient,
  upstreamToken,
} from "./ws-clients.ts";

/** Time for opened or closed sockets to settle before memory is read. */
const SETTLE_MS = 2_000;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const range = (count: number) => Array.from({ length: count }, (_, index) => index);

/** Memory of a server process: resident, and (Node processes) V8 heap used + external. */
interface MemoryReading {
  rss: number;
  heapAndExternal: number;
}

/**
 * Memory growth per idle socket: `count` sockets are opened and left open (the process reaches its
 * working size), then the reading before and after `count` more. Memory freed earlier and not given
 * back to the OS would make a plain before/after difference meaningless; growth on top of a loaded
 * process is what each further connection costs.
 */
async function growthPerSocket(
  count: number,
  open: (index: number) => Promise<RoundTripClient>,
  read: () => Promise<MemoryReading>,
): Promise<{ rssBytesPerSocket: number; heapAndExternalBytesPerSocket: number }> {
  const first = await inBatches(range(count), 25, open);
  await sleep(SETTLE_MS);
  const before = await read();
  const second = await inBatches(
    range(count).map((index) => count + index),
    25,
    open,
  );
  await sleep(SETTLE_MS);
  const after = await read();
  for (const socket of [...first, ...second]) socket.close();
  await sleep(SETTLE_MS);
  return {
    rssBytesPerSocket: (after.rss - before.rss) / count,
    heapAndExternalBytesPerSocket: (after.heapAndExternal - before.heapAndExternal) / count,
  };
}

/** RSS changing by less than this between two reads counts as settled. */
const RSS_SETTLED_BYTES = 256 * 1024;
/** Most reads while waiting for RSS to settle. */
const RSS_SETTLE_READS = 20;

/**
 * The RSS once V8 has given back what it frees lazily (after a GC, pages go back to the OS over the
 * following seconds): read every half second until two reads agree, at most RSS_SETTLE_READS times.
 */
async function settledRss(gateway: ServerProcess): Promise<number> {
  let previous = rssBytes(gateway.pid);
  for (let read = 0; read < RSS_SETTLE_READS; read++) {
    await sleep(500);
    await gateway.gc();
    const current = rssBytes(gateway.pid);
    if (Math.abs(current - previous) < RSS_SETTLED_BYTES) return current;
    previous = current;
  }
  return previous;
}

/**
 * The shipped gateway per idle relayed tab: one session per tab (each tab with its session's two
 * upstream hub connections: the whole cost of a relayed connection, held against the target), and
 * tabs of one session (what each further tab of a user costs). Sessions are signed in beforehand.
 */
export async function idleGateway(gateway: ServerProcess, count: number): Promise<Report["idle"]["gateway"]> {
  const cookies = await inBatches(range(2 * count), 25, () => gatewaySession(gateway.url));
  const read = async () => {
    const usage = await gateway.gc();
    return { rss: await settledRss(gateway), heapAndExternal: usage.heapUsed + usage.external };
  };
  // Tabs of one session first: closing them frees one pair of upstream connections, not thousands.
  const shared = await growthPerSocket(count, () => gatewayTab(gateway.url, cookies[0] as string), read);
  const own = await growthPerSocket(
    count,
    (index) => gatewayTab(gateway.url, cookies[index] as string),
    read,
  );
  return { sockets: count, ...own, sharedSession: shared };
}

/** nginx's RSS growth per idle proxied WebSocket (its master and worker). */
export async function idleNginx(url: string, pid: number, count: number): Promise<Report["idle"]["nginx"]> {
  const tokens = await inBatches(range(2 * count), 25, () => upstreamToken(url));
  const read = async () => ({ rss: rssBytes(pid), heapAndExternal: 0 });
  const growth = await growthPerSocket(count, (index) => signalrClient(url, tokens[index] as string), read);
  return { sockets: count, rssBytesPerSocket: growth.rssBytesPerSocket };
}
