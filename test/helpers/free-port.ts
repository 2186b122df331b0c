/**
 * A loopback port for a test to start a server on later (or to find nobody on). Taken below the
 * kernel's ephemeral range: a port the OS hands out for `listen(0)` or as an outgoing connection's
 * source port could be taken by a test running in parallel between this check and its use (an
 * upstream "down at start" then answered); ports below that range are only taken on purpose.
 */
import { readFileSync } from "node:fs";
import net from "node:net";

/** The lowest port tried. */
const LOWEST_PORT = 10_000;
/** Linux's default start of the ephemeral range, when /proc does not tell. */
const DEFAULT_EPHEMERAL_START = 32_768;
/** Ports tried before giving up (each try is a bind on loopback). */
const MAX_TRIES = 50;

function ephemeralStart(): number {
  try {
    const [low] = readFileSync("/proc/sys/net/ipv4/ip_local_port_range", "utf8").trim().split(/\s+/);
    const start = Number(low);
    return Number.isInteger(start) && start > LOWEST_PORT + 1000 ? start : DEFAULT_EPHEMERAL_START;
  } catch {
    return DEFAULT_EPHEMERAL_START;
  }
}

function canListen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once("error", () => resolve(false));
    server.listen(port, "127.0.0.1", () => server.close(() => resolve(true)));
  });
}

/** A loopback port nothing listens on now, outside the ephemeral range. */
export async function freePort(): Promise<number> {
  const span = ephemeralStart() - LOWEST_PORT;
  for (let attempt = 0; attempt < MAX_TRIES; attempt++) {
    const port = LOWEST_PORT + Math.floor(Math.random() * span);
    if (await canListen(port)) return port;
  }
  throw new Error(`freePort: no free loopback port after ${MAX_TRIES} tries`);
}
