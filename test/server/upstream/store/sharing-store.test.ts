/**
 * The public-links and help-content families on each backend (test/helpers/upstream-store-backends.ts):
 * links and snapshots managed per account, resolved by code alone with every refusal in one query
 * (types/public-links.ts), and published help articles with their language fallback (types/help.ts).
 */
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import type { PostgresFamilies } from "../../../../server/upstream/store/postgres/stores.ts";
import type { PublicLinkRecord } from "../../../../server/upstream/store/types/public-links.ts";
import { type UpstreamStorePlace, upstreamStoreBackends } from "../../../helpers/upstream-store-backends.ts";
import { createTenants, type Tenant } from "../../../helpers/upstream-store-tenants.ts";

const T0 = 1_700_000_000_000;

for (const backend of await upstreamStoreBackends()) {
  describe(`sharing families on ${backend.name}`, { skip: backend.skip }, () => {
    let place: UpstreamStorePlace;
    let store: PostgresFamilies;
    let a: Tenant;
    let b: Tenant;
    let dashboard: number;
    let clock = T0;
    const now = () => clock++;

    before(async () => {
      place = await backend.place(() => T0);
      store = await place.open();
      [a, b] = await createTenants(store, now);
      const object = await store.objects.create(
        a.account.recId,
        { type: "Dashboard", name: "Sales", ownerUserId: a.member.recId, properties: { Layout: "grid" } },
        500,
      );
      dashboard = object.recId;
    });
    after(async () => place?.close());

    test("public links: created (with a snapshot), listed newest first, counted, revoked once", async () => {
      const account = a.account.recId;
      const link = await store.publicLinks.create(
        account,
        dashboard,
        a.user.recId,
        { type: "Dashboard", code: "dash-1" },
        1_000,
      );
      assert.deepEqual(link, {
        recId: link.recId,
        accountId: account,
        objectId: dashboard,
        type: "Dashboard",
        code: "dash-1",
        title: null,
        snapshotId: null,
        createdByFullName: "Owner of alpha.example",
        createdAt: 1_000,
        revokedAt: null,
      });
      const image = Buffer.from([0x89, 0x50, 0x4e, 0x47]);
      const snapshot = await store.publicLinks.create(
        account,
        dashboard,
        a.member.recId,
        { type: "ChartSnapshot", code: "snap-1", title: "Q1 chart", image },
        2_000,
      );
      assert.equal(snapshot.title, "Q1 chart");
      assert.equal(typeof snapshot.snapshotId, "number");
      assert.deepEqual(
        (await store.publicLinks.listActive(account, dashboard)).map((entry) => entry.code),
        ["snap-1", "dash-1"],
      );
      assert.equal(await store.publicLinks.countActive(account, dashboard), 2);
      assert.deepEqual(await store.publicLinks.listActive(b.account.recId, dashboard), [], "another account");
      assert.equal(await store.publicLinks.countActive(b.account.recId, dashboard), 0);
      await assert.rejects(
        store.publicLinks.create(account, dashboard, a.user.recId, { type: "Binder", code: "dash-1" }, 2_500),
        "a code is unique",
      );
      assert.equal(await store.publicLinks.countActive(account, dashboard), 2, "nothing left behind");

      assert.deepEqual(await store.publicLinks.resolve("Dashboard", "dash-1"), {
        type: "Dashboard",
        name: "Sales",
        ownerFullName: "Member alpha.example",
        modifiedAt: 500,
        properties: { Layout: "grid" },
        image: null,
        accountId: account,
      });
      assert.deepEqual(await store.publicLinks.resolve("ChartSnapshot", "snap-1"), {
        type: "ChartSnapshot",
        name: "Q1 chart",
        ownerFullName: "Member alpha.example",
        modifiedAt: 2_000,
        properties: {},
        image,
        accountId: account,
      });
      assert.equal(await store.publicLinks.resolve("Binder", "dash-1"), undefined, "wrong type");
      assert.equal(await store.publicLinks.resolve("Dashboard", "nope"), undefined);

      assert.equal(
        await store.publicLinks.revoke(b.account.recId, dashboard, link.recId, b.user.recId, 3_000),
        "notFound",
      );
      const revoked = (await store.publicLinks.revoke(
        account,
        dashboard,
        link.recId,
        a.user.recId,
        3_000,
      )) as PublicLinkRecord;
      assert.equal(revoked.revokedAt, 3_000);
      assert.equal(
        await store.publicLinks.revoke(account, dashboard, link.recId, a.user.recId, 3_001),
        "notFound",
      );
      assert.equal(await store.publicLinks.resolve("Dashboard", "dash-1"), undefined, "revoked");
      assert.equal(await store.publicLinks.countActive(account, dashboard), 1);
    });

    test("public links: a trashed object or a disabled account resolves nothing", async () => {
      assert.ok(await store.publicLinks.resolve("ChartSnapshot", "snap-1"));
      await place.exec(`UPDATE accounts SET disabled = TRUE WHERE id = ${a.account.recId}`);
      assert.equal(await store.publicLinks.resolve("ChartSnapshot", "snap-1"), undefined);
      await place.exec(`UPDATE accounts SET disabled = FALSE WHERE id = ${a.account.recId}`);
      await store.objects.markDeleted(a.account.recId, dashboard, 4_000);
      assert.equal(await store.publicLinks.resolve("ChartSnapshot", "snap-1"), undefined);
    });

    test("help content: published articles in the language, else the fallback's, in type, order, title order", async () => {
      const article = (
        id: number,
        code: string,
        type: string,
        language: string,
        title: string,
        sort: number,
        published: boolean,
      ) =>
        `(${id}, '${title}', '${code}', '${type}', '${language}', ${sort}, ${published ? "TRUE" : "FALSE"}, 'Body ${id}', ${id}, ${id})`;
      await place.exec(`INSERT INTO help_articles (id, title, code, type, language_code, sort_order, is_published, body, created_at, modified_at) VALUES
        ${[
          article(1, "start", "Faq", "en", "Start here", 0, true),
          article(2, "start", "Faq", "fr", "Commencer", 0, true),
          article(3, "billing", "Faq", "en", "billing", 0, true),
          article(4, "billing", "Faq", "fr", "Facturation", 0, false),
          article(5, "alpha", "Faq", "en", "Zeta", 0, true),
          article(6, "video", "Tutorial", "en", "Video", 0, true),
          article(7, "late", "Faq", "en", "Late", 1, true),
          article(8, "draft", "Faq", "en", "Draft", 0, false),
        ].join(",\n")}`);
      const french = await store.help.publishedArticles("fr", "en");
      assert.deepEqual(
        french.map((entry) => [entry.type, entry.code, entry.languageCode]),
        [
          ["Faq", "billing", "en"],
          ["Faq", "start", "fr"],
          ["Faq", "alpha", "en"],
          ["Faq", "late", "en"],
          ["Tutorial", "video", "en"],
        ],
      );
      assert.deepEqual(french[1], {
        type: "Faq",
        code: "start",
        title: "Commencer",
        summary: null,
        body: "Body 2",
        videoUrl: null,
        languageCode: "fr",
        modifiedAt: 2,
      });
      assert.equal((await store.help.publishedArticle("Faq", "start", "fr", "en"))?.title, "Commencer");
      assert.equal((await store.help.publishedArticle("Faq", "billing", "fr", "en"))?.languageCode, "en");
      assert.equal(await store.help.publishedArticle("Faq", "draft", "en", "en"), undefined);
      assert.equal(
        await store.help.publishedArticle("Tutorial", "start", "fr", "en"),
        undefined,
        "type and code",
      );
      assert.deepEqual(await store.help.publishedArticles("de", "nl"), []);
    });
  });
}
