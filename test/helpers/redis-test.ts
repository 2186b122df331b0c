/**
 * The Redis server the fan-out suites use — REDIS_TEST_URL, else the loopback server CI runs
 * (redis://127.0.0.1:6379) — probed once per process, and a channel prefix of its own per run, so
 * test files (and parallel runs) on one server never hear each other.
 */
import { randomBytes } from "node:crypto";
import { Redis } from "ioredis";

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
    client.on("error", () => undefined);
    try {
      await client.connect();
      await client.ping();
      return false;
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
  return `tessera-test-${randomBytes(6).toString("hex")}:`;
}

/** The test server's port (what a proxy in front of it forwards to). */
export function redisTestPort(): number {
  return Number(new URL(REDIS_TEST_URL).port || 6379);
}
