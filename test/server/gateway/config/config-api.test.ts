/**
 * The configuration API over real sockets (DESIGN.md §3 publishing; server/gateway/config/README.md):
 * the real seeded upstream and the gateway from buildApp. Staff draft, validate, publish, roll back and
 * switch maintenance; members and visitors see the result in the manifest and texts they are served.
 */
import assert from "node:assert/strict";
import http, { type IncomingHttpHeaders } from "node:http";
import { after, before, describe, test } from "node:test";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import type { ClientManifest } from "../../../../schemas/client-manifest.ts";
import type { ConfigProblem, SummarySentence } from "../../../../schemas/config-answers.ts";
import { englishText } from "../../../../server/gateway/config/english-text.ts";
import { BrowserClient, signedIn } from "../integration/browser-client.ts";
import { type Stack, startStack } from "../integration/integration-fixture.ts";

let stack: Stack;
let admin: BrowserClient;
let auditor: BrowserClient;
let owner: BrowserClient;
let url: string;

const LANGUAGES = ["en", "de", "es", "fr", "nl", "pt", "it"] as const;

before(async () => {
  stack = await startStack();
  url = stack.gateway.url;
  admin = await signedIn(url, "staffAdmin");
  auditor = await signedIn(url, "staffAuditor");
  owner = await signedIn(url, "owner");
});
after(async () => {
  await stack.close();
});

async function manifestOf(client: BrowserClient): Promise<ClientManifest> {
  const answer = await client.get("/gw/manifest");
  assert.equal(answer.status, 200);
  return answer.json as ClientManifest;
}

async function textsOf(
  client: BrowserClient,
  manifest: ClientManifest,
  language: (typeof LANGUAGES)[number],
) {
  const answer = await client.get(manifest.texts[language]);
  assert.equal(answer.status, 200, `texts of ${language}`);
  assert.match(answer.headers.get("cache-control") ?? "", /immutable/);
  return answer.json as Record<string, string>;
}

async function head(): Promise<number> {
  return (await admin.get("/gw/config")).json.head as number;
}

async function draft(comment: string, edits: unknown[], baseVersion?: number) {
  const answer = await admin.post("/gw/config/changesets", {
    comment,
    baseVersion: baseVersion ?? (await head()),
    edits,
  });
  assert.equal(answer.status, 201, answer.bytes.toString());
  return answer.json as {
    changeSet: { id: number; revision: number };
    validation: { valid: boolean; summary: SummarySentence[] };
  };
}

async function publish(id: number, body: unknown = {}) {
  return admin.post(`/gw/config/changesets/${id}/publish`, body);
}

const dashboardsLink = (manifest: ClientManifest) =>
  manifest.menus?.main.sections.flatMap((s) => s.links).find((l) => l.id === "dashboards");

describe("who may use the configuration API", () => {
  test("401 without a session, 403 for a member, Read for the auditor, Write only for Configuration Write", async () => {
    const visitor = await signedIn(url, "owner").then(async (c) => {
      c.jar.delete("tessera_session");
      return c;
    });
    assert.equal((await visitor.get("/gw/config")).status, 401);
    assert.equal((await owner.get("/gw/config")).status, 403);
    assert.equal((await owner.get("/gw/config")).json.ErrorCode, 8070);
    assert.equal((await auditor.get("/gw/config")).status, 200);
    assert.equal((await auditor.get("/gw/config/versions")).status, 200);
    const refused = await auditor.post("/gw/config/changesets", { comment: "x", baseVersion: 0, edits: [] });
    assert.equal(refused.status, 403);
    assert.equal(refused.json.ErrorCode, 8071);
    assert.equal((await auditor.put("/gw/config/maintenance", { enabled: true })).status, 403);
  });

  test("read-only staff change nothing through any write route (403, 8071); forged requests of Write staff neither", async () => {
    const baseVersion = await head();
    const edits = [{ kind: "texts.en", merge: { Menu_Alerts: "Read-only" } }];
    const { changeSet } = await draft("Left to the auditor", edits, baseVersion);
    const { id, revision } = changeSet;
    const state = async () => ({
      config: (await admin.get("/gw/config")).json,
      versions: (await admin.get("/gw/config/versions")).json.versions.length,
      changeSets: (await admin.get("/gw/config/changesets")).json.changeSets.length,
      changeSet: (await admin.get(`/gw/config/changesets/${id}`)).json.changeSet,
      audit: (await admin.get("/gw/config/audit?limit=1000")).json.entries.length,
      maintenance: (await admin.get("/gw/config/maintenance")).json,
    });
    const before = await state();
    const inAnHour = new Date(Date.now() + 3_600_000).toISOString();
    const writes: [string, string, unknown][] = [
      ["POST", "/gw/config/changesets", { comment: "mine", baseVersion, edits }],
      ["PUT", `/gw/config/changesets/${id}`, { revision, comment: "mine now" }],
      ["PUT", `/gw/config/changesets/${id}`, { revision, edits: [] }],
      ["POST", `/gw/config/changesets/${id}/validate`, {}],
      ["POST", `/gw/config/changesets/${id}/request-review`, { revision }],
      ["POST", `/gw/config/changesets/${id}/approve`, { revision }],
      ["POST", `/gw/config/changesets/${id}/refuse`, { revision, comment: "No" }],
      ["POST", `/gw/config/changesets/${id}/publish`, {}],
      ["POST", `/gw/config/changesets/${id}/publish`, { at: inAnHour }],
      ["POST", `/gw/config/changesets/${id}/publish`, { accounts: [1] }],
      ["POST", `/gw/config/changesets/${id}/cancel`, {}],
      ["POST", "/gw/config/validate", { edits }],
      ["POST", `/gw/config/versions/${baseVersion}/rollback`, { comment: "mine" }],
      ["POST", `/gw/config/versions/${baseVersion}/promote`, {}],
      ["PUT", "/gw/config/maintenance", { enabled: true, messages: { en: "Closed." } }],
      ["PUT", "/gw/config/maintenance", { enabled: true, startsAt: inAnHour }],
    ];
    for (const [method, path, body] of writes) {
      const answer = await auditor.request(method, path, { json: body });
      assert.equal(answer.status, 403, `${method} ${path}: ${answer.bytes.toString()}`);
      assert.equal(answer.json.ErrorCode, 8071, `${method} ${path}`);
    }
    // Write staff, but the request is not the product's own page (security/csrf.ts): no CSRF header,
    // another session's token, a foreign Origin.
    const auditorsToken = auditor.jar.get("tessera_csrf") as string;
    for (const forged of [
      { csrf: false },
      { csrf: auditorsToken },
      { origin: "https://evil.example" },
    ] as const) {
      for (const [method, path, body] of writes.slice(7)) {
        const answer = await admin.request(method, path, { ...forged, json: body });
        assert.equal(answer.status, 403, `${JSON.stringify(forged)} ${method} ${path}`);
      }
    }
    assert.deepEqual(await state(), before, "nothing changed: versions, change sets, audit, maintenance");
    assert.equal((await manifestOf(owner)).configVersion, before.config.serving);
  });

  test("a forged request (no CSRF header, a foreign Origin) changes nothing", async () => {
    const before = await head();
    const noToken = await admin.post(
      "/gw/config/changesets",
      { comment: "x", baseVersion: before, edits: [] },
      { csrf: false },
    );
    assert.equal(noToken.status, 403);
    const foreign = await admin.put(
      "/gw/config/maintenance",
      { enabled: true },
      { origin: "https://evil.example" },
    );
    assert.equal(foreign.status, 403);
    assert.equal(await head(), before);
    assert.equal((await manifestOf(owner)).shell.maintenance.enabled, false);
  });

  test("bodies are validated: unknown properties, pollution keys and more than 1 MB are refused", async () => {
    const unknown = await admin.post("/gw/config/changesets", {
      comment: "x",
      baseVersion: 0,
      edits: [],
      extra: 1,
    });
    assert.equal(unknown.status, 400);
    assert.equal(unknown.json.ErrorCode, 8077);
    const polluted = await admin.request("POST", "/gw/config/changesets", {
      raw: {
        body: '{"comment":"x","baseVersion":0,"edits":[{"kind":"menus","merge":{"__proto__":{"a":1}}}]}',
        type: "application/json",
      },
    });
    assert.equal(polluted.status, 400);
    assert.equal(polluted.json.pointer, "/edits/0/merge/__proto__");
    const big = await admin.request("POST", "/gw/config/validate", {
      raw: {
        body: JSON.stringify({ edits: [{ kind: "texts.en", merge: { X: "y".repeat(1_100_000) } }] }),
        type: "application/json",
      },
    });
    assert.equal(big.status, 413);
  });
});

describe("publish, roll back, publish", () => {
  test("one change set renames a menu entry in seven languages and changes a template, atomically", async () => {
    const names = {
      en: "Boards",
      de: "Tafeln",
      es: "Tableros",
      fr: "Tableaux",
      nl: "Borden",
      pt: "Quadros",
      it: "Bacheche",
    };
    const before = await manifestOf(owner);
    const template =
      before.notifications?.templates.find((t) => t.code === "ExportDone") ??
      before.notifications?.templates[0];
    assert.ok(template);
    const edits = [
      ...LANGUAGES.map((language) => ({
        kind: `texts.${language}`,
        merge: { Menu_Dashboards: names[language] },
      })),
      {
        kind: "notifications",
        document: {
          ...(await admin.get("/gw/config/versions/0?kind=notifications")).json.document,
          templates: (
            await admin.get("/gw/config/versions/0?kind=notifications")
          ).json.document.templates.map((t: { code: string; variants: { status: string }[] }) =>
            t.code === template.code
              ? { ...t, variants: t.variants.map((v) => ({ ...v, status: "success" })) }
              : t,
          ),
        },
      },
    ];
    const { changeSet, validation } = await draft("Rename Dashboards", edits);
    assert.equal(validation.valid, true, JSON.stringify(validation));
    const summary = validation.summary.map(englishText);
    assert.ok(
      summary.some((line) => line.startsWith("Menu entry 'Dashboards' renamed to 'Boards' (en)")),
      summary.join("\n"),
    );
    assert.ok(summary.some((line) => line.includes(`Notification template '${template.code}' changed`)));
    const published = await publish(changeSet.id);
    assert.equal(published.status, 201, published.bytes.toString());
    const version = published.json.version as number;
    const after = await manifestOf(owner);
    assert.equal(after.configVersion, version);
    for (const language of LANGUAGES) {
      assert.notEqual(after.texts[language], before.texts[language], `${language} has a new address`);
      assert.equal((await textsOf(owner, after, language)).Menu_Dashboards, names[language]);
    }
    const changed = after.notifications?.templates.find((t) => t.code === template.code);
    assert.ok(changed?.variants.every((v) => v.status === "success"));
    // The old texts stay served at their old address (immutable) for tabs still on them.
    assert.equal((await textsOf(owner, before, "en")).Menu_Dashboards, "Dashboards");
    assert.equal(dashboardsLink(after)?.textKey, "Menu_Dashboards");

    // Roll back: a new version with the earlier content.
    const rollback = await admin.post(`/gw/config/versions/${version - 1}/rollback`, { comment: "back" });
    assert.equal(rollback.status, 201, rollback.bytes.toString());
    const rolled = await manifestOf(owner);
    assert.equal(rolled.configVersion, rollback.json.version);
    assert.equal(rolled.texts.en, before.texts.en, "the same texts, the same address");
    assert.deepEqual(rolled.notifications, before.notifications);
    // …and publish the same change again.
    const again = await draft("Rename Dashboards again", edits);
    const republished = await publish(again.changeSet.id);
    assert.equal(republished.status, 201);
    assert.equal((await manifestOf(owner)).texts.de, after.texts.de);
    const versions = (await auditor.get("/gw/config/versions")).json.versions as {
      number: number;
      origin: string;
      restores: number | null;
    }[];
    assert.deepEqual(
      versions.slice(0, 3).map((v) => v.origin),
      ["publish", "rollback", "publish"],
    );
    assert.equal(versions[1]?.restores, version - 1);
  });

  test("widget kinds reach visitors (public share links) and members; a published change restricts and adds kinds for both", async () => {
    const visitor = new BrowserClient(url);
    const kinds = (manifest: ClientManifest) => new Map(manifest.widgets.kinds.map((k) => [k.kind, k]));
    const [visitorBefore, memberBefore] = [await manifestOf(visitor), await manifestOf(owner)];
    assert.equal(visitorBefore.audience, "anonymous");
    for (const manifest of [visitorBefore, memberBefore]) {
      assert.equal(manifest.widgets.kinds.length, 14);
      assert.equal(kinds(manifest).get("donut")?.renderer, "pie");
    }
    const document = (await admin.get(`/gw/config/versions/${await head()}?kind=widgets`)).json.document;
    for (const kind of document.kinds) if (kind.kind === "scatter") kind.enabled = false;
    document.kinds.push({
      ...document.kinds[0],
      kind: "bigNumber",
      defaults: { Format: "percent", Decimals: 1 },
    });
    const { changeSet, validation } = await draft("No scatter plots; big numbers", [
      { kind: "widgets", document },
    ]);
    assert.equal(validation.valid, true, JSON.stringify(validation));
    const summary = validation.summary.map(englishText);
    assert.ok(summary.includes("Widget kind 'Scatter plot' (scatter) disabled"), summary.join("\n"));
    const published = await publish(changeSet.id);
    assert.equal(published.status, 201, published.bytes.toString());
    for (const manifest of [await manifestOf(visitor), await manifestOf(owner)]) {
      assert.equal(manifest.configVersion, published.json.version);
      assert.equal(kinds(manifest).get("scatter")?.enabled, false);
      assert.deepEqual(kinds(manifest).get("bigNumber")?.defaults, { Format: "percent", Decimals: 1 });
    }
    const rollback = await admin.post(`/gw/config/versions/${published.json.version - 1}/rollback`, {
      comment: "scatter plots again",
    });
    assert.equal(rollback.status, 201, rollback.bytes.toString());
    assert.deepEqual((await manifestOf(visitor)).widgets, visitorBefore.widgets);
  });

  test("an invalid change set is refused with kind, pointer and reason; the last version keeps being served", async () => {
    const served = await manifestOf(owner);
    const { changeSet, validation } = await draft("Broken", [
      { kind: "menus", merge: { main: { titleKey: "No_Such_Text" } } },
      { kind: "texts.de", merge: { Menu_Dashboards: "{{count}} Tafeln" } },
    ]);
    assert.equal(validation.valid, false);
    const refused = await publish(changeSet.id);
    assert.equal(refused.status, 422);
    assert.equal(refused.json.ErrorCode, 8074);
    const problems = refused.json.problems as ConfigProblem[];
    assert.ok(
      problems.some(
        (p) => p.kind === "menus" && p.pointer === "/main/titleKey" && /No_Such_Text/.test(p.reason),
      ),
      JSON.stringify(problems),
    );
    // Beside the English reason, the message the studio says it with in the operator's language.
    assert.deepEqual(problems.find((p) => p.pointer === "/main/titleKey")?.message, {
      key: "StudioProblem_TextKeyMissing",
      params: { key: "No_Such_Text" },
    });
    assert.ok(
      problems.some(
        (p) => p.kind === "texts.de" && p.pointer === "/Menu_Dashboards" && /placeholders/.test(p.reason),
      ),
    );
    const still = await manifestOf(owner);
    assert.equal(still.version, served.version);
  });

  test("a stale base gets 409 with what changed since", async () => {
    const base = await head();
    const first = await draft("Title A", [{ kind: "texts.en", merge: { Menu_Reports: "Reports A" } }], base);
    const second = await draft("Title B", [{ kind: "texts.en", merge: { Menu_Reports: "Reports B" } }], base);
    assert.equal((await publish(first.changeSet.id)).status, 201);
    const stale = await publish(second.changeSet.id);
    assert.equal(stale.status, 409);
    assert.equal(stale.json.ErrorCode, 8073);
    assert.deepEqual(stale.json.conflicts, ["operator/texts.en"]);
    assert.ok(
      (stale.json.since as { summary: SummarySentence[] }[]).some((v) =>
        v.summary.some((s) => englishText(s).includes("Reports A")),
      ),
    );
  });

  test("a canary reaches its accounts first, then everyone once promoted", async () => {
    const starter = await signedIn(url, "starter");
    const northwind = (await manifestOf(owner)).user?.accountRecId as number;
    const { changeSet } = await draft("Canary", [{ kind: "texts.en", merge: { Menu_Alerts: "Alarms" } }]);
    const canary = await publish(changeSet.id, { accounts: [northwind] });
    assert.equal(canary.status, 201, canary.bytes.toString());
    assert.equal((await textsOf(owner, await manifestOf(owner), "en")).Menu_Alerts, "Alarms");
    assert.notEqual((await textsOf(starter, await manifestOf(starter), "en")).Menu_Alerts, "Alarms");
    const promoted = await admin.post(`/gw/config/versions/${canary.json.version}/promote`, {});
    assert.equal(promoted.status, 200, promoted.bytes.toString());
    assert.equal((await textsOf(starter, await manifestOf(starter), "en")).Menu_Alerts, "Alarms");
  });

  test("an account layer brands its account and can never widen access", async () => {
    const northwind = (await manifestOf(owner)).user?.accountRecId as number;
    const widening = await draft("Widen", [
      { kind: "routes", account: northwind, merge: { routes: [] } },
      { kind: "shell", account: northwind, merge: { signupAllowed: true } },
      {
        kind: "menus",
        account: northwind,
        merge: {
          main: {
            sections: [
              {
                id: "x",
                titleKey: "Menu_Dashboards",
                icon: "chart-line",
                links: [
                  {
                    id: "sneaky",
                    textKey: "Menu_Users",
                    link: "/users",
                    key: "Dashboards",
                    adminOnly: false,
                  },
                ],
              },
            ],
          },
        },
      },
    ]);
    assert.equal(widening.validation.valid, false);
    const refused = await publish(widening.changeSet.id);
    assert.equal(refused.status, 422);
    const reasons = (refused.json.problems as { account?: number; reason: string }[]).map(
      (p) => `${p.account}:${p.reason}`,
    );
    assert.ok(
      reasons.some((r) => r === `${northwind}:an account layer may only hold shell and menus`),
      reasons.join("\n"),
    );
    assert.ok(reasons.some((r) => r === `${northwind}:an account layer may only change the branding`));
    assert.ok(reasons.some((r) => r.includes("cannot add a menu entry")));
    // Dialogs and screens are the operator's too: an account layer holding them is refused by kind.
    const kinds = await draft("Widen dialogs and screens", [
      { kind: "dialogs", account: northwind, merge: { dialogs: [] } },
      { kind: "screens", account: northwind, merge: { screens: [] } },
    ]);
    const kindProblems = (
      kinds.validation as unknown as { problems: { kind: string; account?: number; reason: string }[] }
    ).problems
      .filter((p) => p.account === northwind && p.reason === "an account layer may only hold shell and menus")
      .map((p) => p.kind)
      .sort();
    assert.deepEqual(kindProblems, ["dialogs", "screens"]);
    assert.equal((await publish(kinds.changeSet.id)).status, 422);
    // An entry the operator has keeps its target and its access rule in an account layer.
    const menus = (await admin.get(`/gw/config/versions/${await head()}?kind=menus`)).json.document;
    const [first, ...rest] = menus.main.sections as { links: Record<string, unknown>[] }[];
    const [link, other] = first?.links ?? [];
    assert.ok(link && other && link.link !== other.link);
    const retargeted = await draft("Retarget", [
      {
        kind: "menus",
        account: northwind,
        merge: {
          main: {
            sections: [
              {
                ...first,
                links: [
                  { ...link, link: other.link, adminOnly: !link.adminOnly },
                  ...(first?.links.slice(1) ?? []),
                ],
              },
              ...rest,
            ],
          },
        },
      },
    ]);
    const retargetRefused = await publish(retargeted.changeSet.id);
    assert.equal(retargetRefused.status, 422);
    assert.deepEqual(
      (retargetRefused.json.problems as { kind: string; account?: number; pointer: string; reason: string }[])
        .filter((p) => p.reason === "an account layer cannot change where an entry goes or who may see it")
        .map((p) => [p.kind, p.account, p.pointer])
        .sort(),
      [
        ["menus", northwind, "/main/sections/0/links/0/adminOnly"],
        ["menus", northwind, "/main/sections/0/links/0/link"],
      ],
    );
    const branding = await draft("Brand", [
      { kind: "shell", account: northwind, merge: { title: { type: "none" } } },
    ]);
    assert.equal((await publish(branding.changeSet.id)).status, 201);
    assert.equal((await manifestOf(owner)).shell.title.type, "none");
    const starter = await signedIn(url, "starter");
    assert.notEqual((await manifestOf(starter)).shell.title.type, "none");
  });
});

describe("atomic publication", () => {
  test("readers during a publication see the whole change set or none of it (menus, templates, texts)", async () => {
    const base = (await admin.get("/gw/config/versions/0?kind=menus")).json.document;
    const first = base.main.sections[0];
    const reordered = { ...first, links: [...first.links].reverse() };
    const notifications = (await admin.get(`/gw/config/versions/${await head()}?kind=notifications`)).json
      .document;
    const code = notifications.templates[1].code as string;
    const edits = [
      { kind: "menus", merge: { main: { sections: [reordered, ...base.main.sections.slice(1)] } } },
      {
        kind: "notifications",
        document: {
          ...notifications,
          templates: notifications.templates.map((t: { code: string; variants: { icon: string }[] }) =>
            t.code === code ? { ...t, variants: t.variants.map((v) => ({ ...v, icon: "bell" })) } : t,
          ),
        },
      },
      ...LANGUAGES.map((language) => ({
        kind: `texts.${language}`,
        merge: { Menu_Schedules: `Plan ${language}` },
      })),
    ];
    const { changeSet } = await draft("Atomic", edits);
    const before = await manifestOf(owner);
    const seen: ClientManifest[] = [];
    let publishing = true;
    const readers = Array.from({ length: 4 }, async () => {
      while (publishing) seen.push(await manifestOf(owner));
    });
    const published = await publish(changeSet.id);
    publishing = false;
    await Promise.all(readers);
    assert.equal(published.status, 201, published.bytes.toString());
    seen.push(await manifestOf(owner));
    for (const manifest of seen) {
      const isNew = manifest.configVersion === published.json.version;
      assert.equal(manifest.configVersion === before.configVersion || isNew, true);
      const firstLinks = manifest.menus?.main.sections[0]?.links.map((l) => l.id) ?? [];
      const template = manifest.notifications?.templates.find((t) => t.code === code);
      assert.equal(
        firstLinks[0] === reordered.links.find((l: { id: string }) => firstLinks.includes(l.id))?.id,
        isNew,
        "menus",
      );
      assert.equal(
        template?.variants.every((v) => v.icon === "bell"),
        isNew,
        "templates",
      );
      for (const language of LANGUAGES) {
        assert.equal(manifest.texts[language] !== before.texts[language], isNew, `texts.${language}`);
      }
    }
    for (const language of LANGUAGES) {
      const texts = await textsOf(owner, seen.at(-1) as ClientManifest, language);
      assert.equal(texts.Menu_Schedules, `Plan ${language}`);
    }
  });
});

describe("preview and audit", () => {
  test("a preview as a role lists what is hidden and why", async () => {
    const answer = await auditor.post("/gw/config/preview", {
      language: "de",
      accountRecId: 1,
      audience: { rolePermissions: ["Dashboards_r"], features: { FeaturesDashboards: "Included" } },
    });
    assert.equal(answer.status, 200, answer.bytes.toString());
    const hidden = answer.json.hidden as { kind: string; id: string; reason: string }[];
    assert.ok(
      hidden.some((h) => h.kind === "menuLink" && h.id === "users" && h.reason === "permissionMissing"),
      JSON.stringify(hidden.slice(0, 5)),
    );
    assert.ok(hidden.some((h) => h.kind === "screen" && h.reason === "adminModuleMissing"));
    assert.equal(typeof answer.json.texts.Menu_Dashboards, "string");
  });

  test("a draft's creation, update, schedule and cancellation are each audited with who, from where and what", async () => {
    const baseVersion = await head();
    const { changeSet } = await draft(
      "Audited",
      [{ kind: "texts.en", merge: { Menu_Alerts: "Audited" } }],
      baseVersion,
    );
    const { id } = changeSet;
    const updated = await admin.put(`/gw/config/changesets/${id}`, {
      revision: changeSet.revision,
      edits: [
        { kind: "texts.en", merge: { Menu_Alerts: "Audited again" } },
        { kind: "texts.de", merge: { Menu_Alerts: "Geprüft" } },
      ],
    });
    assert.equal(updated.status, 200, updated.bytes.toString());
    const at = new Date(Date.now() + 3_600_000).toISOString();
    const scheduled = await publish(id, { at });
    assert.equal(scheduled.status, 202, scheduled.bytes.toString());
    assert.deepEqual(scheduled.json, { scheduledAt: Date.parse(at) });
    const cancelled = await admin.post(`/gw/config/changesets/${id}/cancel`, {});
    assert.equal(cancelled.status, 200, cancelled.bytes.toString());
    assert.equal(cancelled.json.changeSet.status, "cancelled");
    assert.equal(await head(), baseVersion, "nothing was published");
    const entries = (await auditor.get(`/gw/config/audit?target=changeSet:${id}`)).json.entries as {
      actor: string;
      address: string;
      action: string;
      at: number;
      details: Record<string, unknown>;
    }[];
    assert.deepEqual(
      entries.map((e) => [e.action, e.details]),
      [
        ["changeSet.cancel", { was: "scheduled" }],
        ["changeSet.schedule", { at, accounts: null }],
        [
          "changeSet.update",
          { revision: updated.json.changeSet.revision, targets: ["operator/texts.en", "operator/texts.de"] },
        ],
        ["changeSet.create", { baseVersion, targets: ["operator/texts.en"] }],
      ],
    );
    for (const entry of entries) {
      assert.equal(entry.actor, "tessera/admin@tessera.example");
      assert.match(entry.address, /^(127\.0\.0\.1|::1|::ffff:127\.0\.0\.1)$/, "the staff member's address");
      assert.ok(Math.abs(entry.at - Date.now()) < 60_000);
    }
    const byAction = (await auditor.get(`/gw/config/audit?action=changeSet.schedule&target=changeSet:${id}`))
      .json.entries as unknown[];
    assert.equal(byAction.length, 1);
    const auditorsOwn = (await auditor.get("/gw/config/audit?actor=tessera/auditor@tessera.example")).json
      .entries as unknown[];
    assert.deepEqual(auditorsOwn, [], "read-only staff did nothing to audit");
    const adminsOwn = (await auditor.get("/gw/config/audit?actor=tessera/admin@tessera.example")).json
      .entries as { actor: string }[];
    assert.ok(adminsOwn.length >= entries.length, "the same filter finds the admin's entries");
    assert.ok(adminsOwn.every((e) => e.actor === "tessera/admin@tessera.example"));
  });

  test("every action is audited with who, when, from where and what; filters apply", async () => {
    const entries = (await auditor.get("/gw/config/audit?limit=1000")).json.entries as {
      actor: string;
      action: string;
      address: string;
      at: number;
      target: string;
    }[];
    const actions = new Set(entries.map((e) => e.action));
    for (const action of [
      "changeSet.create",
      "version.publish",
      "version.rollback",
      "version.canary",
      "version.promote",
    ]) {
      assert.ok(actions.has(action), `${action} audited`);
    }
    assert.ok(entries.every((e) => e.actor === "tessera/admin@tessera.example" || e.actor.includes("@")));
    assert.ok(entries.every((e) => e.address.length > 0 && e.at > 0));
    const rollbacks = (await auditor.get("/gw/config/audit?action=version.rollback")).json
      .entries as unknown[];
    assert.ok(rollbacks.length >= 1 && rollbacks.length < entries.length);
  });
});

describe("maintenance", () => {
  test("members get the maintenance page and 503s; staff keep full access; it ends live", async () => {
    const on = await admin.put("/gw/config/maintenance", {
      enabled: true,
      messages: { en: "Back at noon." },
    });
    assert.equal(on.status, 200, on.bytes.toString());
    const member = await owner.get("/api/Common/LoggedInConfig");
    assert.equal(member.status, 503);
    assert.equal(member.json.ErrorCode, 8078);
    assert.match(member.headers.get("retry-after") ?? "", /^[0-9]+$/);
    const page = await owner.get("/dashboards", { headers: { accept: "text/html" } });
    assert.equal(page.status, 302);
    assert.equal(page.headers.get("location"), "/maintenance");
    const manifest = await manifestOf(owner);
    assert.equal(manifest.shell.maintenance.enabled, true);
    assert.equal(
      (await textsOf(owner, manifest, "en"))[manifest.shell.maintenance.messageKey],
      "Back at noon.",
    );
    assert.equal((await admin.get("/api/Common/LoggedInConfig")).status, 200, "staff keep full access");
    assert.equal((await admin.put("/gw/config/maintenance", { enabled: false })).status, 200);
    assert.equal((await owner.get("/api/Common/LoggedInConfig")).status, 200);
    const audit = (await auditor.get("/gw/config/audit?target=maintenance")).json.entries as {
      action: string;
    }[];
    assert.deepEqual(audit.map((e) => e.action).slice(0, 2), ["maintenance.off", "maintenance.on"]);
  });
});

describe("texts by version", () => {
  test("a language's texts are addressed by their content: immutable, an ETag and 304 for it, 404 for any other address", async () => {
    const manifest = await manifestOf(owner);
    for (const language of LANGUAGES) {
      const address = manifest.texts[language];
      const digest = new RegExp(`^/gw/texts/${language}/([A-Za-z0-9_-]{22})\\.json$`).exec(address)?.[1];
      assert.ok(digest, address);
      const first = await owner.get(address);
      assert.equal(first.status, 200);
      assert.equal(first.headers.get("etag"), `"${digest}"`);
      assert.equal(first.headers.get("cache-control"), "public, max-age=31536000, immutable");
      assert.equal(typeof first.json.Menu_Dashboards, "string");
      const cached = await owner.get(address, { headers: { "if-none-match": `"${digest}"` } });
      assert.equal(cached.status, 304, language);
      assert.equal(cached.bytes.length, 0);
    }
    const digest = /([A-Za-z0-9_-]{22})\.json$/.exec(manifest.texts.en)?.[1] as string;
    const other = `${digest.slice(0, -1)}${digest.endsWith("A") ? "B" : "A"}`;
    for (const address of [
      `/gw/texts/en/${other}.json`,
      `/gw/texts/xx/${digest}.json`,
      `/gw/texts/de/${digest}.json`,
      `/gw/texts/en/${digest}`,
    ]) {
      const missing = await owner.get(address);
      assert.equal(missing.status, 404, address);
      assert.equal(missing.headers.get("cache-control"), "no-store", address);
    }
  });
});

describe("content coding", () => {
  test("the manifest and the texts are sent compressed to a browser that accepts it, the same bytes once decoded", async () => {
    const raw = (path: string, encoding: string) =>
      new Promise<{ headers: IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
        const request = http.get(
          `${url}${path}`,
          { headers: { cookie: owner.cookieHeader(), "accept-encoding": encoding } },
          (response) => {
            const chunks: Buffer[] = [];
            response.on("data", (chunk: Buffer) => chunks.push(chunk));
            response.on("end", () => resolve({ headers: response.headers, body: Buffer.concat(chunks) }));
          },
        );
        request.on("error", reject);
      });
    const plain = await raw("/gw/manifest", "identity");
    const br = await raw("/gw/manifest", "gzip;q=0.5, br");
    const gz = await raw("/gw/manifest", "gzip, br;q=0");
    assert.equal(plain.headers["content-encoding"], undefined);
    assert.equal(br.headers["content-encoding"], "br");
    assert.equal(gz.headers["content-encoding"], "gzip");
    assert.ok(br.body.length * 3 < plain.body.length, `${br.body.length} of ${plain.body.length} bytes`);
    assert.deepEqual(brotliDecompressSync(br.body), plain.body);
    assert.deepEqual(gunzipSync(gz.body), plain.body);
    assert.equal(br.headers.etag, plain.headers.etag, "one ETag: the representation's content is the same");
    const texts = (JSON.parse(plain.body.toString()) as ClientManifest).texts.de;
    const textsBr = await raw(texts, "br");
    assert.equal(textsBr.headers["content-encoding"], "br");
    assert.equal(JSON.parse(brotliDecompressSync(textsBr.body).toString()).Menu_Dashboards.length > 0, true);
  });
});
