/**
 * What tabs tell the gateway they run (server/gateway/hub-relay/README.md, browser → gateway
 * frames): `report`, `applied` and `rejected` are kept per open tab and shown by `tabReports()`,
 * acknowledgements reach `onTabAcknowledged` with the tab's account, everything is dropped when the
 * tab closes, tabs of one build share one copy of its lists, and a malformed frame closes the tab with
 * 1008. Real sockets, the real upstream.
 */
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import type { TabAcknowledgement, TabReport } from "../../../../server/gateway/plugins/hub-relay.ts";
import { AccountDirectory } from "./account-directory.ts";
import { eventually, type GatewayUnderTest, openTab, startGateway, type TestTab } from "./relay-fixture.ts";
import {
  startUpstreamWithHubs,
  tempDataDir,
  type UpstreamWithHubs,
  upstreamToken,
} from "./upstream-with-hubs.ts";

const report = (overrides: Record<string, unknown> = {}) => ({
  t: "report",
  build: "2025.01.15-1a2b3c",
  manifestVersion: 12,
  renderers: ["chart.line", "table", "map:world"],
  dialogs: ["share-dashboard", "export_csv"],
  ...overrides,
});
const names = (count: number, length = 8) =>
  Array.from({ length: count }, (_, i) => `n${String(i).padStart(length - 1, "0")}`);

describe("hub relay: tab reports", () => {
  const data = tempDataDir();
  const directory = new AccountDirectory();
  const acks: TabAcknowledgement[] = [];
  let upstream: UpstreamWithHubs;
  let gateway: GatewayUnderTest;
  let token: string;
  before(async () => {
    upstream = await startUpstreamWithHubs(data.dir);
    gateway = await startGateway(upstream.hubBase, {
      accountOf: directory.accountOf,
      onTabAcknowledged: (ack) => {
        acks.push(ack);
      },
    });
    token = await upstreamToken(upstream.baseUrl);
  });
  after(async () => {
    await gateway.close();
    await upstream.stop();
    data.remove();
  });

  const relay = () => gateway.app.hubRelay;
  /** A tab of a new session of `account`, once the relay knows its account. */
  async function tabOf(account: number): Promise<TestTab> {
    const { sessionId, cookie } = gateway.addSession(token);
    directory.accounts.set(sessionId, account);
    const tab = await openTab(gateway.wsUrl, { cookie });
    await eventually(() => reportsOf(account).length > 0, `account ${account} known`);
    return tab;
  }
  const reportsOf = (account: number): TabReport[] =>
    relay()
      .tabReports()
      .filter((each) => each.accountRecId === account);
  /** Sends frames, then waits until the relay handled them (it answers a later ping in order). */
  async function sendAll(tab: TestTab, ...frames: unknown[]): Promise<void> {
    for (const frame of frames) tab.send(frame);
    tab.send({ t: "ping" });
    await tab.take((frame) => frame.t === "pong");
  }
  async function close(...tabs: TestTab[]): Promise<void> {
    for (const tab of tabs) tab.socket.close();
    await Promise.all(tabs.map((tab) => tab.closed));
  }

  test("a tab that sent nothing is listed with its account, nulls and empty lists", async () => {
    const before = Date.now();
    const tab = await tabOf(601);
    assert.deepEqual(reportsOf(601), [
      {
        accountRecId: 601,
        build: null,
        manifestVersion: null,
        renderers: [],
        dialogs: [],
        schemas: null,
        applied: null,
        rejected: null,
        connectedAt: reportsOf(601)[0]?.connectedAt,
      },
    ]);
    const connectedAt = reportsOf(601)[0]?.connectedAt ?? 0;
    assert.ok(connectedAt >= before && connectedAt <= Date.now(), "connectedAt is the accept time");
    await close(tab);
  });

  test("report, applied and rejected are kept; a later report replaces the earlier", async () => {
    const tab = await tabOf(602);
    await sendAll(tab, report());
    assert.deepEqual(
      reportsOf(602).map(({ connectedAt: _, ...rest }) => rest),
      [
        {
          accountRecId: 602,
          build: "2025.01.15-1a2b3c",
          manifestVersion: 12,
          renderers: ["chart.line", "table", "map:world"],
          dialogs: ["share-dashboard", "export_csv"],
          // A report without digests is a build older than them.
          schemas: null,
          applied: null,
          rejected: null,
        },
      ],
    );
    await sendAll(
      tab,
      { t: "applied", version: 13 },
      { t: "rejected", version: 14, reason: "renderer 'gauge' is not in this build" },
      report({ build: "2025.01.16-4d5e6f", manifestVersion: null, renderers: [], dialogs: ["export_csv"] }),
    );
    const [shown] = reportsOf(602);
    assert.equal(shown?.build, "2025.01.16-4d5e6f");
    assert.equal(shown?.manifestVersion, null);
    assert.deepEqual(shown?.renderers, []);
    assert.deepEqual(shown?.dialogs, ["export_csv"]);
    assert.equal(shown?.applied, 13);
    assert.deepEqual(shown?.rejected, { version: 14, reason: "renderer 'gauge' is not in this build" });
    await sendAll(tab, { t: "applied", version: 15 });
    assert.equal(reportsOf(602)[0]?.applied, 15, "the last applied version");
    assert.deepEqual(reportsOf(602)[0]?.rejected, {
      version: 14,
      reason: "renderer 'gauge' is not in this build",
    });
    await close(tab);
  });

  test("each applied and rejected frame reaches onTabAcknowledged with the tab's account", async () => {
    const tab = await tabOf(603);
    const start = acks.length;
    await sendAll(
      tab,
      { t: "applied", version: 3 },
      { t: "rejected", version: 4, reason: "dialog 'x' unknown" },
      { t: "applied", version: 3 },
    );
    await eventually(() => acks.length === start + 3, "three acknowledgements");
    assert.deepEqual(acks.slice(start), [
      { accountRecId: 603, version: 3, ok: true },
      { accountRecId: 603, version: 4, ok: false, reason: "dialog 'x' unknown" },
      { accountRecId: 603, version: 3, ok: true },
    ]);
    await close(tab);
  });

  test("an acknowledgement while the account is looked up waits for it and carries the new account", async () => {
    const { sessionId, cookie } = gateway.addSession(token);
    directory.accounts.set(sessionId, 604);
    const tab = await openTab(gateway.wsUrl, { cookie });
    await eventually(() => reportsOf(604).length === 1, "account 604 known");
    directory.hold();
    directory.accounts.set(sessionId, 605);
    relay().renewUpstream(sessionId, token);
    const start = acks.length;
    await sendAll(tab, { t: "applied", version: 21 });
    assert.equal(acks.length, start, "held until the account is known");
    assert.equal(reportsOf(604).length, 0);
    directory.answerHeld();
    await eventually(() => acks.length === start + 1, "the acknowledgement");
    assert.deepEqual(acks.at(-1), { accountRecId: 605, version: 21, ok: true });
    assert.equal(reportsOf(605)[0]?.applied, 21);
    await close(tab);
  });

  test("tabs of one build share their lists; closing the tabs frees their reports", async () => {
    await eventually(() => relay().tabReports().length === 0, "earlier tabs gone");
    assert.deepEqual(
      { builds: relay().stats().reportedBuilds, lists: relay().stats().reportedLists },
      { builds: 0, lists: 0 },
    );
    const renderers = names(300);
    const dialogs = names(40, 12);
    const tabs = [await tabOf(606), await tabOf(606), await tabOf(607)];
    for (const tab of tabs) await sendAll(tab, report({ renderers, dialogs }));
    const shown = [...reportsOf(606), ...reportsOf(607)];
    assert.equal(shown.length, 3);
    for (const each of shown) {
      assert.equal(each.renderers, shown[0]?.renderers, "the same array, not a copy");
      assert.equal(each.dialogs, shown[0]?.dialogs);
    }
    assert.deepEqual(shown[0]?.renderers, renderers);
    assert.ok(Object.isFrozen(shown[0]?.renderers), "a shared list cannot be changed through a snapshot");
    assert.equal(relay().stats().reportedBuilds, 1);
    assert.equal(relay().stats().reportedLists, 2);

    // One tab moves to another build: the shared lists stay for the others.
    await sendAll(tabs[2] as TestTab, report({ build: "other-build", renderers: ["table"], dialogs }));
    assert.equal(relay().stats().reportedBuilds, 2);
    assert.equal(relay().stats().reportedLists, 3);

    await close(tabs[0] as TestTab);
    await eventually(() => reportsOf(606).length === 1, "the closed tab is no longer listed");
    assert.equal(relay().stats().reportedLists, 3, "still held by the second tab");
    await close(tabs[1] as TestTab, tabs[2] as TestTab);
    await eventually(() => relay().stats().tabs === 0, "every tab closed");
    assert.deepEqual(relay().tabReports(), []);
    assert.deepEqual(
      { builds: relay().stats().reportedBuilds, lists: relay().stats().reportedLists },
      { builds: 0, lists: 0 },
    );
  });

  test("a report's schema digests are kept, shared by tabs of one build, and dropped with them", async () => {
    await eventually(() => relay().tabReports().length === 0, "earlier tabs gone");
    assert.equal(relay().stats().reportedSchemaSets, 0);
    const schemas = { widgets: "ffffffffffffffff", routes: "0123456789abcdef", menus: "00000000aaaaaaaa" };
    const tabs = [await tabOf(613), await tabOf(613)];
    // The same digests in another key order are the same set.
    await sendAll(tabs[0] as TestTab, report({ schemas }));
    await sendAll(
      tabs[1] as TestTab,
      report({ schemas: { menus: schemas.menus, routes: schemas.routes, widgets: schemas.widgets } }),
    );
    const [first, second] = reportsOf(613);
    assert.deepEqual(first?.schemas, schemas);
    assert.equal(second?.schemas, first?.schemas, "one frozen copy for both tabs");
    assert.ok(Object.isFrozen(first?.schemas));
    assert.equal(relay().stats().reportedSchemaSets, 1);

    // A later report replaces them: other digests, then none (the tab's build went back to an older one).
    await sendAll(tabs[0] as TestTab, report({ schemas: { ...schemas, routes: "1111111111111111" } }));
    const replaced = reportsOf(613).map((each) => each.schemas?.routes);
    assert.deepEqual(replaced.sort(), ["0123456789abcdef", "1111111111111111"]);
    assert.equal(relay().stats().reportedSchemaSets, 2);
    await sendAll(tabs[0] as TestTab, report());
    const shown = reportsOf(613).map((each) => each.schemas);
    assert.equal(shown.filter((each) => each === null).length, 1, "the tab without digests");
    assert.deepEqual(
      shown.find((each) => each !== null),
      schemas,
    );
    assert.equal(relay().stats().reportedSchemaSets, 1);
    await close(...tabs);
    await eventually(() => relay().stats().tabs === 0, "every tab closed");
    assert.equal(relay().stats().reportedSchemaSets, 0);
  });

  test("a report at every limit is accepted", async () => {
    const tab = await tabOf(608);
    const longest = names(500, 50);
    await sendAll(
      tab,
      report({ build: "~".repeat(64), manifestVersion: Number.MAX_SAFE_INTEGER, renderers: longest }),
      report({ build: " !/z", manifestVersion: 0, renderers: ["a".repeat(100)], dialogs: names(500, 50) }),
      { t: "applied", version: 0 },
      { t: "rejected", version: Number.MAX_SAFE_INTEGER, reason: "é—✓ ".repeat(50) },
    );
    const [shown] = reportsOf(608);
    assert.equal(shown?.build, " !/z");
    assert.equal(shown?.manifestVersion, 0);
    assert.deepEqual(shown?.renderers, ["a".repeat(100)]);
    assert.equal(shown?.dialogs.length, 500);
    assert.equal(shown?.applied, 0);
    assert.equal(shown?.rejected?.reason.length, 200);
    assert.equal(tab.socket.readyState, tab.socket.OPEN);
    await close(tab);
  });

  const malformed: [string, unknown][] = [
    ["report without build", { ...report(), build: undefined }],
    ["report with a numeric build", report({ build: 7 })],
    ["report with an empty build", report({ build: "" })],
    ["report with a 65-character build", report({ build: "b".repeat(65) })],
    ["report with a control character in the build", report({ build: "1.0\n" })],
    ["report with a non-ASCII build", report({ build: "1.0-é" })],
    ["report without manifestVersion", { ...report(), manifestVersion: undefined }],
    ["report with a negative manifestVersion", report({ manifestVersion: -1 })],
    ["report with a fractional manifestVersion", report({ manifestVersion: 1.5 })],
    ["report with a manifestVersion as text", report({ manifestVersion: "12" })],
    ["report with an unsafe manifestVersion", report({ manifestVersion: 2 ** 53 })],
    ["report with renderers not a list", report({ renderers: "table" })],
    ["report with dialogs null", report({ dialogs: null })],
    ["report with a renderer that is not text", report({ renderers: ["table", 3] })],
    ["report with an empty renderer name", report({ renderers: [""] })],
    ["report with a 101-character dialog name", report({ dialogs: ["d".repeat(101)] })],
    ["report with a space in a renderer name", report({ renderers: ["bar chart"] })],
    ["report with a comma in a dialog name", report({ dialogs: ["a,b"] })],
    ["report with a control character in a renderer name", report({ renderers: ["table\u0000"] })],
    ["report with 501 renderers", report({ renderers: names(501) })],
    ["report with 501 dialogs", report({ dialogs: names(501) })],
    ["report with an extra key", report({ user: 1 })],
    ["report with schemas null", report({ schemas: null })],
    ["report with schemas a list", report({ schemas: ["0123456789abcdef"] })],
    [
      "report with a schema of a kind the gateway does not know",
      report({ schemas: { charts: "0123456789abcdef" } }),
    ],
    ["report with a schema digest for texts", report({ schemas: { "texts.en": "0123456789abcdef" } })],
    ["report with a 15-character schema digest", report({ schemas: { routes: "0123456789abcde" } })],
    ["report with a 17-character schema digest", report({ schemas: { routes: "0123456789abcdef0" } })],
    ["report with an upper-case schema digest", report({ schemas: { routes: "0123456789ABCDEF" } })],
    ["report with a schema digest that is not text", report({ schemas: { routes: 1 } })],
    ["applied without version", { t: "applied" }],
    ["applied with a negative version", { t: "applied", version: -1 }],
    ["applied with a fractional version", { t: "applied", version: 2.5 }],
    ["applied with a version as text", { t: "applied", version: "2" }],
    ["applied with a null version", { t: "applied", version: null }],
    ["applied with an unsafe version", { t: "applied", version: 2 ** 53 }],
    ["applied with an extra key", { t: "applied", version: 2, reason: "x" }],
    ["rejected without reason", { t: "rejected", version: 2 }],
    ["rejected with an empty reason", { t: "rejected", version: 2, reason: "" }],
    ["rejected with a 201-character reason", { t: "rejected", version: 2, reason: "r".repeat(201) }],
    ["rejected with a newline in the reason", { t: "rejected", version: 2, reason: "bad\nrenderer" }],
    ["rejected with a bell in the reason", { t: "rejected", version: 2, reason: "bad\u0007" }],
    ["rejected with DEL in the reason", { t: "rejected", version: 2, reason: "bad\u007f" }],
    ["rejected with a C1 control in the reason", { t: "rejected", version: 2, reason: "bad\u0085" }],
    ["rejected with a reason that is not text", { t: "rejected", version: 2, reason: ["bad"] }],
    ["rejected without version", { t: "rejected", reason: "bad" }],
    ["rejected with an extra key", { t: "rejected", version: 2, reason: "bad", build: "x" }],
  ];

  test("a malformed report, applied or rejected frame closes the tab with 1008 and is not kept", async () => {
    const tab = await tabOf(609);
    await sendAll(tab, report());
    await close(tab);
    for (const [name, frame] of malformed) {
      const { sessionId, cookie } = gateway.addSession(token);
      directory.accounts.set(sessionId, 610);
      const tab = await openTab(gateway.wsUrl, { cookie });
      tab.send(frame);
      assert.equal((await tab.closed).code, 1008, name);
    }
    await eventually(() => reportsOf(610).length === 0, "the closed tabs are gone");
    assert.deepEqual(
      acks.filter((ack) => ack.accountRecId === 610),
      [],
      "nothing malformed was acknowledged",
    );
  });

  test("a report larger than maxMessageBytes closes the tab with 1009, as any frame", async () => {
    const tab = await tabOf(611);
    tab.send(report({ renderers: names(500, 100), dialogs: names(500, 100) }));
    assert.equal((await tab.closed).code, 1009);
  });

  test("report, applied and rejected frames count against the tab's frame rate", async () => {
    const tab = await tabOf(612);
    // The bucket starts with one second's worth (20 frames at the default rate).
    for (let version = 0; version < 60; version++) tab.send({ t: "applied", version });
    assert.equal((await tab.closed).code, 1008);
    await eventually(() => reportsOf(612).length === 0, "the closed tab is gone");
  });
});
