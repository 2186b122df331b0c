/**
 * Every generic admin resource (server/upstream/admin/*.ts) runs on both backends: its list — plain,
 * searched, sorted by each sortable field both ways, filtered by each filter — its record read and
 * its guards compile and answer on SQLite and on PostgreSQL (the specs are written once, in SQLite's
 * dialect: server/upstream/store/postgres/admin-dialect.ts), with the same answers on the same rows.
 */
import assert from "node:assert/strict";
import { readdirSync } from "node:fs";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import type { AdminResource } from "../../../../server/upstream/admin/resource.ts";
import type { PostgresFamilies } from "../../../../server/upstream/store/postgres/stores.ts";
import type { AdminFilter, AdminListQuery } from "../../../../server/upstream/store/types/admin-records.ts";
import { type UpstreamStorePlace, upstreamStoreBackends } from "../../../helpers/upstream-store-backends.ts";

const T0 = 1_700_000_000_000;
const ADMIN_DIR = join(import.meta.dirname, "../../../../server/upstream/admin");

/** Every exported AdminResource of the admin modules, by path. */
async function adminResources(): Promise<AdminResource[]> {
  const found = new Map<string, AdminResource>();
  for (const file of readdirSync(ADMIN_DIR)
    .filter((name) => name.endsWith(".ts"))
    .sort()) {
    const module = (await import(join(ADMIN_DIR, file))) as Record<string, unknown>;
    for (const value of Object.values(module)) {
      const candidate = value as Partial<AdminResource> | null;
      if (
        candidate &&
        typeof candidate === "object" &&
        typeof candidate.path === "string" &&
        candidate.spec?.from
      )
        found.set(candidate.path, candidate as AdminResource);
    }
  }
  return [...found.values()];
}

/** A value of a filter's type that a list can be filtered by. */
function sampleFilter(filter: AdminFilter): string | number | boolean {
  switch (filter.type) {
    case "bool":
      return true;
    case "int":
    case "real":
    case "cents":
      return 1;
    case "datetime":
    case "date":
      return "2023-11-14";
    default:
      return filter.op === "contains" ? "a%_" : "Active";
  }
}

const resources = await adminResources();
const answers = new Map<string, Map<string, unknown>>();

for (const backend of await upstreamStoreBackends()) {
  describe(`admin resource specs on ${backend.name}`, { skip: backend.skip }, () => {
    let place: UpstreamStorePlace;
    let store: PostgresFamilies;
    const at = { now: T0 + 86_400_000, actor: null };
    const seen = new Map<string, unknown>();
    answers.set(backend.name, seen);

    before(async () => {
      place = await backend.place(() => T0);
      store = await place.open();
      // A few rows for the lists to read: two accounts with their owners, sessions, objects.
      for (const [index, domain] of ["alpha.example", "Beta.example"].entries()) {
        await store.accounts.create(
          {
            name: `Company ${index}`,
            domain,
            subscriptionType: "Professional",
            features: new Map(),
            ownerRole: { name: "Owner", permissions: "" },
            owner: { email: `Owner${index}@${domain}`, fullName: `Owner ${index}`, passwordHash: "h" },
          },
          T0 + index,
        );
      }
    });
    after(async () => place?.close());

    test("there are resources to check", () => assert.ok(resources.length > 30, `${resources.length}`));

    for (const resource of resources) {
      test(`${resource.path}: list, search, sorts, filters, get`, async () => {
        const records = store.admin.records;
        const base: AdminListQuery = { limit: 50, offset: 0, filters: {} };
        const plain = await records.list(resource.spec, base, at);
        assert.equal(typeof plain.total, "number");
        assert.ok(plain.items.length <= plain.total);
        seen.set(`${resource.path} plain`, plain);
        const searched = await records.list(resource.spec, { ...base, search: "o" }, at);
        seen.set(`${resource.path} search`, searched);
        for (const [field, column] of Object.entries(resource.spec.columns)) {
          if (!column.sort) continue;
          for (const descending of [false, true]) {
            const sorted = await records.list(resource.spec, { ...base, sort: { field, descending } }, at);
            seen.set(`${resource.path} sort ${descending ? "-" : ""}${field}`, sorted);
          }
        }
        for (const [name, filter] of Object.entries(resource.spec.filters)) {
          const filtered = await records.list(
            resource.spec,
            { ...base, filters: { [name]: sampleFilter(filter) } },
            at,
          );
          seen.set(`${resource.path} filter ${name}`, filtered);
        }
        const key = resource.spec.keyType === "int" ? 1 : "none";
        seen.set(`${resource.path} get`, await records.get(resource.spec, key, at));
      });
    }
  });
}

describe("admin resource specs: the same answers on both backends", () => {
  test("every list and read answers alike", (t) => {
    const sqlite = answers.get("SQLite");
    const postgres = answers.get("PostgreSQL");
    if (!sqlite || !postgres || postgres.size === 0) return t.skip("PostgreSQL did not run");
    for (const [name, answer] of sqlite) {
      if (!postgres.has(name)) continue;
      // Generated values (uids, timestamps of creation) differ between stores; the shape and the counts do not.
      const shape = (value: unknown) => {
        if (!value || typeof value !== "object" || !("items" in value)) return value === undefined;
        const list = value as { items: object[]; total: number };
        return { total: list.total, fields: list.items.map((item) => Object.keys(item)) };
      };
      assert.deepEqual(shape(postgres.get(name)), shape(answer), name);
    }
  });
});
