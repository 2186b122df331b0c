/**
 * The account menu layer as pure functions (DESIGN.md §3): ordering with keys shared by several
 * links, hiding, titles, empty sections, the layer id, the bounded TTL cache behind it, and the §6
 * sections the upstream validates layouts against, checked against the manifests.
 */
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import menusManifest from "../../../manifests/menus.json" with { type: "json" };
import permissionsManifest from "../../../manifests/permissions.json" with { type: "json" };
import type { MainMenuSection } from "../../../schemas/menus.ts";
import {
  ACCOUNT_MENU_LINKS,
  ACCOUNT_MENU_SECTIONS,
  type AccountMenu,
} from "../../../schemas/payloads/account-menu.ts";
import {
  accountMenuLayerId,
  applyAccountMenu,
  customiseSection,
} from "../../../server/gateway/manifests/account-menu-layer.ts";
import type { ManifestSet } from "../../../server/gateway/manifests/manifest-set.ts";
import { AnswerCache } from "../../../server/gateway/plugins/answer-cache.ts";

const sections = (menusManifest as unknown as { main: { sections: MainMenuSection[] } }).main.sections;
const automation = sections.find((s) => s.id === "automation") as MainMenuSection;
const ids = (section: MainMenuSection | null) => section?.links.map((l) => l.id) ?? null;

describe("the §6 sections the upstream validates against", () => {
  test("match the menus manifest's sections, keys and default order, and the permission catalogue", () => {
    const menuKeys = new Set(
      (permissionsManifest.rolePermissions as { key: string; menu?: boolean }[])
        .filter((entry) => entry.menu)
        .map((entry) => entry.key),
    );
    assert.deepEqual(
      sections.map((section) => section.id),
      Object.keys(ACCOUNT_MENU_SECTIONS),
    );
    for (const section of sections) {
      const keys = [...new Set(section.links.map((link) => link.key))];
      assert.deepEqual(
        keys,
        [...ACCOUNT_MENU_SECTIONS[section.id as keyof typeof ACCOUNT_MENU_SECTIONS]],
        section.id,
      );
      for (const key of keys) assert.ok(menuKeys.has(key), key);
    }
  });

  test("the links a layout may name: every link of each section, with its key, in manifest order", () => {
    for (const section of sections) {
      assert.deepEqual(
        Object.entries(ACCOUNT_MENU_LINKS[section.id as keyof typeof ACCOUNT_MENU_LINKS]),
        section.links.map((link) => [link.id, link.key]),
        section.id,
      );
    }
  });
});

describe("customiseSection", () => {
  test("no layout: the section as it is", () => {
    assert.equal(customiseSection(automation, undefined), automation);
  });

  test("order by key; links sharing a key keep their order; unordered keys follow", () => {
    const result = customiseSection(automation, {
      Id: "automation",
      Title: "",
      Order: ["Alerts"],
      Hidden: [],
    });
    assert.deepEqual(ids(result), ["alerts", "alertsHistory", "schedules", "schedulesHistory", "tasks"]);
    assert.equal(result?.title, undefined);
  });

  test("hiding a key hides every link of it; a title is set literally", () => {
    const result = customiseSection(automation, {
      Id: "automation",
      Title: "Jobs",
      Order: ["Tasks"],
      Hidden: ["Schedules"],
    });
    assert.deepEqual(ids(result), ["tasks", "alerts", "alertsHistory"]);
    assert.equal(result?.title, "Jobs");
    assert.equal(result?.titleKey, automation.titleKey);
  });

  test("names: literals beside the text keys, per language too; nothing else of a link changes", () => {
    const result = customiseSection(automation, {
      Id: "automation",
      Title: "",
      TitleTranslations: { de: "Aufträge" },
      Order: [],
      Hidden: ["Tasks"],
      Links: [
        { Id: "schedulesHistory", Text: "Past runs", Translations: { fr: "Exécutions passées" } },
        { Id: "alerts", Translations: { de: "Warnungen" } },
        { Id: "tasks", Text: "Jobs" },
      ],
    });
    assert.equal(result?.title, undefined);
    assert.deepEqual(result?.titleByLanguage, { de: "Aufträge" });
    assert.equal(result?.titleKey, automation.titleKey);
    const byId = new Map(result?.links.map((link) => [link.id, link]));
    const original = new Map(automation.links.map((link) => [link.id, link]));
    assert.deepEqual(byId.get("schedulesHistory"), {
      ...original.get("schedulesHistory"),
      text: "Past runs",
      textByLanguage: { fr: "Exécutions passées" },
    });
    assert.deepEqual(byId.get("alerts"), { ...original.get("alerts"), textByLanguage: { de: "Warnungen" } });
    assert.deepEqual(byId.get("schedules"), original.get("schedules"), "an unnamed link is untouched");
    assert.equal(byId.has("tasks"), false, "naming a hidden link shows nothing");
  });

  test("a section whose every link is hidden disappears (§6)", () => {
    const result = customiseSection(automation, {
      Id: "automation",
      Title: "",
      Order: [],
      Hidden: ["Schedules", "Alerts", "Tasks"],
    });
    assert.equal(result, null);
  });
});

describe("applyAccountMenu", () => {
  const set = { menus: menusManifest } as unknown as ManifestSet;

  test("an empty or missing layout keeps the very same set", () => {
    assert.equal(applyAccountMenu(set, null), set);
    assert.equal(applyAccountMenu(set, { Sections: [], Version: 3, ModifiedAt: null }), set);
  });

  test("only reorders and hides: every resulting link is a manifest link, sections keep their order", () => {
    const menu: AccountMenu = {
      Sections: [
        { Id: "data", Title: "", Order: ["MediaManager"], Hidden: ["DataHooks"] },
        { Id: "support", Title: "", Order: [], Hidden: ["SupportTickets", "Projects", "SupportSessions"] },
      ],
      Version: 2,
      ModifiedAt: "2026-01-01T00:00:00.000Z",
    };
    const result = applyAccountMenu(set, menu).menus.main.sections;
    assert.deepEqual(
      result.map((s) => s.id),
      sections.map((s) => s.id).filter((id) => id !== "support"),
    );
    const all = new Set(sections.flatMap((s) => s.links.map((l) => JSON.stringify(l))));
    for (const link of result.flatMap((s) => s.links)) assert.ok(all.has(JSON.stringify(link)));
    assert.equal(result[0]?.links[0]?.id, "documentsAndMedia");
    assert.ok(!ids(result[0] ?? null)?.includes("dataHooks"));
    assert.equal(set.menus.main.sections.length, sections.length, "the input set is not changed");
  });

  test("the layer id names account and version; never customised is no layer", () => {
    assert.equal(accountMenuLayerId(7, null), "-");
    assert.equal(accountMenuLayerId(7, { Sections: [], Version: 0, ModifiedAt: null }), "-");
    assert.equal(accountMenuLayerId(7, { Sections: [], Version: 4, ModifiedAt: null }), "menu:7:4");
  });
});

describe("AnswerCache", () => {
  test("fresh answers are reused, expire after the TTL, and concurrent misses share one load", async () => {
    let now = 0;
    let loads = 0;
    const cache = new AnswerCache<number>({ ttlMs: 1000, maxEntries: 2, now: () => now });
    const load = async () => ++loads;
    const [a, b] = await Promise.all([cache.get("k", load), cache.get("k", load)]);
    assert.deepEqual([a, b, loads], [1, 1, 1]);
    now = 999;
    assert.equal(await cache.get("k", load), 1);
    now = 1000;
    assert.equal(await cache.get("k", load), 2);
  });

  test("bounded: the least recently used goes first; invalidate forgets, stale values reach the loader", async () => {
    const cache = new AnswerCache<string>({ ttlMs: 60_000, maxEntries: 2 });
    await cache.get("a", async () => "A");
    await cache.get("b", async () => "B");
    await cache.get("a", async () => "unused");
    await cache.get("c", async () => "C");
    assert.equal(cache.size, 2);
    assert.equal(await cache.get("b", async () => "B2"), "B2", "b was evicted");
    cache.invalidate("a");
    assert.equal(await cache.get("a", async () => "A2"), "A2");
  });

  test("an invalidation during a load keeps the loaded answer out of the cache", async () => {
    const cache = new AnswerCache<string>({ ttlMs: 60_000, maxEntries: 10 });
    let release: (value: string) => void = () => {};
    const pending = cache.get("k", () => new Promise<string>((resolve) => (release = resolve)));
    cache.invalidate("k");
    release("old");
    assert.equal(await pending, "old");
    assert.equal(await cache.get("k", async () => "new"), "new");
  });
});
