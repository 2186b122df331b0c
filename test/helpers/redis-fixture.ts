/**
 * Redis for the suites of several instances: the test server (REDIS_TEST_URL, else the loopback
 * server CI runs, redis://127.0.0.1:6379), probed once per process, a channel prefix of its own per
 * run so test files running in parallel never hear each other, and a pass-through in front of it
 * that a test cuts and restores — Redis gone for one instance while the others keep theirs.
 */
import { randomBytes } from "node:crypto";
import net from "node:net";
import { Redis } from "ioredis";
import { freePort } from "./free-port.ts";

/** The Redis server the suites use. */
export const REDIS_TEST_URL = process.env.REDIS_TEST_URL || "redis://127.0.0.1:6379";

let probe: Promise<string | false> | undefined;

/** False when the test server answers PING; else why not — the Redis suites' skip reason. */
export function redisSkip(): Promise<string | false> {
  probe ??= (async () => {
    const client = new Redis(REDIS_TEST_URL, {
      lazyConnect: true,
      connectTimeout: 2_000,
      maxRetriesPerRequest: 0,
      retryStrategy: () => null,
    });
    client.on("error", () => {});
    try {
      await client.connect();
      return (await client.ping()) === "PONG" ? false : `Redis at ${REDIS_TEST_URL} did not answer PONG`;
    } catch (error) {
      return `Redis unreachable at ${REDIS_TEST_URL} (${(error as Error).message || String(error)}); set REDIS_TEST_URL`;
    } finally {
      client.disconnect();
    }
  })();
  return probe;
}

/** A channel prefix no other run uses. */
export function uniqueChannelPrefix(): string {
  return `tessera-test:${randomBytes(6).toString("hex")}:`;
}

/**
 * A TCP pass-through to the test server on a loopback port of its own. `cut()` drops every
 * connection through it and refuses new ones (Redis is gone for whoever uses `url`); `restore()`
 * accepts again on the same port.
 */
export class RedisPassThrough {
  readonly #sockets = new Set<net.Socket>();
  #server: net.Server | undefined;

  private constructor(
    readonly port: number,
    readonly target: URL,
  ) {}

  /** Starts a pass-through to `REDIS_TEST_URL`. */
  static async start(): Promise<RedisPassThrough> {
    const passThrough = new RedisPassThrough(await freePort(), new URL(REDIS_TEST_URL));
    await passThrough.restore();
    return passThrough;
  }

  /** The URL to give an instance: the test server's, through this pass-through. */
  get url(): string {
    const url = new URL(this.target);
    url.hostname = "127.0.0.1";
    url.port = String(this.port);
    return url.toString();
  }

  /** Drops every connection and stops accepting. */
  async cut(): Promise<void> {
    const server = this.#server;
    this.#server = undefined;
    for (const socket of this.#sockets) socket.destroy();
    this.#sockets.clear();
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  /** Accepts connections again (on the same port). */
  async restore(): Promise<void> {
    if (this.#server) return;
    const server = net.createServer((client) => {
      const upstream = net.connect(Number(this.target.port || 6379), this.target.hostname);
      for (const socket of [client, upstream]) {
        this.#sockets.add(socket);
        socket.on("close", () => this.#sockets.delete(socket));
        socket.on("error", () => {
          client.destroy();
          upstream.destroy();
        });
      }
      client.pipe(upstream);
      upstream.pipe(client);
    });
    await new Promise<void>((resolve, reject) => {
      server.once("error", reject);
      server.listen(this.port, "127.0.0.1", () => resolve());
    });
    this.#server = server;
  }

  /** Cuts and forgets. */
  close(): Promise<void> {
    return this.cut();
  }
}
