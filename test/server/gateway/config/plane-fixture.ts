/**
 * The configuration plane over its real store — a SQLite file, or a place of either backend
 * (test/helpers/store-backends.ts) — as the plane's tests open it (config-plane.test.ts,
 * config-widgets.test.ts), and a version stored as an older release published it, for the last
 * known good configuration at boot (DESIGN.md §3).
 */
import Fastify from "fastify";
import { canonicalJson, contentHash } from "../../../../server/gateway/config/config-content.ts";
import { type Actor, ConfigPlane } from "../../../../server/gateway/config/config-plane.ts";
import { SqliteConfigStore } from "../../../../server/gateway/config/sqlite-config-store.ts";
import { ManualClock } from "../../../helpers/manual-clock.ts";
import type { StorePlace } from "../../../helpers/store-backends.ts";
import { defaultBase } from "../session/gateway-fixture.ts";

export const log = Fastify({ logger: false }).log;
export const AUTHOR: Actor = { name: "tessera/admin@tessera.example", address: "10.0.0.1" };

/** The store in a SQLite file, or on a backend's place (as a new gateway instance opens it). */
const storeAt = async (where: string | StorePlace) =>
  typeof where === "string" ? new SqliteConfigStore(where) : where.openConfig();

/** The plane over the store at `where` on `clock`, with the shipped base; `close` closes both. */
export async function openPlane(where: string | StorePlace, clock = new ManualClock(), fourEyes = false) {
  const store = await storeAt(where);
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
 * Stores `content` in the store at `where` as the newest version, published by AUTHOR at `at` as an
 * older release did: over a base other than the current one, whose checks it need not pass.
 */
export async function publishFromOlderRelease(
  where: string | StorePlace,
  content: unknown,
  at: number,
): Promise<void> {
  const store = await storeAt(where);
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
