/**
 * The configuration plane over its real SQLite store in a file, as the plane's tests open it
 * (config-plane.test.ts, config-widgets.test.ts), and a version stored as an older release
 * published it, for the last known good configuration at boot (DESIGN.md §3).
 */
import Fastify from "fastify";
import { canonicalJson, contentHash } from "../../../../server/gateway/config/config-content.ts";
import { type Actor, ConfigPlane } from "../../../../server/gateway/config/config-plane.ts";
import { SqliteConfigStore } from "../../../../server/gateway/config/sqlite-config-store.ts";
import { ManualClock } from "../../../helpers/manual-clock.ts";
import { defaultBase } from "../session/gateway-fixture.ts";

export const log = Fastify({ logger: false }).log;
export const AUTHOR: Actor = { name: "tessera/admin@tessera.example", address: "10.0.0.1" };

/** The plane over the store in `file` on `clock`, with the shipped base; `close` closes both. */
export async function openPlane(file: string, clock = new ManualClock(), fourEyes = false) {
  const store = new SqliteConfigStore(file);
  const plane = await ConfigPlane.open({ store, base: await defaultBase(), log, clock, fourEyes });
  return {
    plane,
    store,
    close: async () => {
      await plane.close();
      await store.close();
    },
  };
}

/**
 * Stores `content` in the store in `file` as the newest version, published by AUTHOR at `at` as an
 * older release did: over a base other than the current one, whose checks it need not pass.
 */
export async function publishFromOlderRelease(file: string, content: unknown, at: number): Promise<void> {
  const store = new SqliteConfigStore(file);
  await store.publish({
    version: {
      createdAt: at,
      author: AUTHOR.name,
      comment: "older release",
      content: canonicalJson(content),
      contentHash: contentHash(content),
      baseHash: "an older base",
      origin: "publish",
      changeSetId: null,
      restores: null,
      summary: [],
    },
    release: { scope: "all", accounts: null, at, actor: AUTHOR.name },
    changeSet: null,
    audit: { at, actor: AUTHOR.name, address: "test", action: "version.publish", details: {} },
  });
  await store.close();
}
