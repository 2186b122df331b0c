/**
 * Gateway events for some accounts (DESIGN.md §4 hub relay: the gateway's own events, here a
 * manifest published for the accounts it changes): they reach the tabs of those accounts' sessions
 * only, follow a session to its new account when impersonation renews its upstream identity, and
 * are not lost while a session's account is being looked up. Real sockets, the real upstream.
 *
 * "A tab did not get an event" is read without waiting for time to pass: an event for every account
 * is broadcast after it, and a session's tabs get gateway events in the order broadcast, so once
 * that one has arrived, the other would have too.
 */
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { AccountDirectory } from "./account-directory.ts";
import {
  eventually,
  type Frame,
  type GatewayUnderTest,
  openTab,
  startGateway,
  type TestTab,
} from "./relay-fixture.ts";
import {
  startUpstreamWithHubs,
  tempDataDir,
  type UpstreamWithHubs,
  upstreamToken,
} from "./upstream-with-hubs.ts";

const isGatewayEvent = (target: string) => (frame: Frame) =>
  frame.t === "event" && frame.hub === "gateway" && frame.target === target;
const accounts = (...ids: number[]) => ({ accounts: new Set(ids) });

describe("hub relay: gateway events for some accounts", () => {
  const data = tempDataDir();
  const directory = new AccountDirectory();
  let upstream: UpstreamWithHubs;
  let gateway: GatewayUnderTest;
  let ownerToken: string;
  let viewerToken: string;
  before(async () => {
    upstream = await startUpstreamWithHubs(data.dir);
    gateway = await startGateway(upstream.hubBase, { accountOf: directory.accountOf });
    ownerToken = await upstreamToken(upstream.baseUrl, "owner");
    viewerToken = await upstreamToken(upstream.baseUrl, "viewer");
  });
  after(async () => {
    await gateway.close();
    await upstream.stop();
    data.remove();
  });

  const relay = () => gateway.app.hubRelay;
  let marks = 0;
  /** Waits until every gateway event broadcast so far has reached `tabs` (see the file's comment). */
  async function settled(...tabs: TestTab[]): Promise<void> {
    const target = `mark-${++marks}`;
    relay().broadcastGatewayEvent(target);
    for (const tab of tabs) await tab.take(isGatewayEvent(target), target);
  }
  const argsOf = (tab: TestTab, target: string) =>
    tab.frames.filter(isGatewayEvent(target)).map((frame) => frame.args);
  /** A gateway session of `account` (none: not known to the directory). */
  function sessionOf(account: number | null) {
    const { sessionId, cookie } = gateway.addSession(ownerToken);
    if (account !== null) directory.accounts.set(sessionId, account);
    return { sessionId, open: () => openTab(gateway.wsUrl, { cookie }) };
  }
  /** Waits until the relay shows `count` open tabs of `account`. */
  const tabsOfAccount = (account: number | null, count: number) =>
    eventually(
      () =>
        relay()
          .tabReports()
          .filter((report) => report.accountRecId === account).length === count,
      `${count} tabs of account ${account}`,
    );
  /** Lets the lookups made so far answer (the directory answers in microtasks, all run before this). */
  const answered = () => new Promise((resolve) => setImmediate(resolve));
  const closeAll = async (tabs: TestTab[]) => {
    for (const tab of tabs) tab.socket.close();
    await Promise.all(tabs.map((tab) => tab.closed));
  };

  test("an event for some accounts reaches every tab of their sessions and no other tab", async () => {
    const first = sessionOf(101);
    const second = sessionOf(101);
    const other = sessionOf(202);
    const firstTabs = [await first.open(), await first.open()];
    const secondTab = await second.open();
    const otherTab = await other.open();
    const ofAccount101 = [...firstTabs, secondTab];
    await tabsOfAccount(101, 3);
    await tabsOfAccount(202, 1);

    assert.equal(relay().broadcastGatewayEvent("manifestPublished", [{ version: 7 }], accounts(101)), 3);
    for (const tab of ofAccount101) await tab.take(isGatewayEvent("manifestPublished"));
    await settled(otherTab);
    assert.deepEqual(argsOf(otherTab, "manifestPublished"), []);

    assert.equal(relay().broadcastGatewayEvent("manifestPublished", [{ version: 8 }], accounts(202)), 1);
    await otherTab.take(isGatewayEvent("manifestPublished"));
    await settled(...ofAccount101);
    for (const tab of ofAccount101) assert.deepEqual(argsOf(tab, "manifestPublished"), [[{ version: 7 }]]);

    assert.equal(relay().broadcastGatewayEvent("manifestPublished", [{ version: 9 }], accounts(101, 202)), 4);
    assert.equal(relay().broadcastGatewayEvent("manifestPublished", [{ version: 10 }], accounts(999)), 0);
    assert.equal(
      relay().broadcastGatewayEvent("maintenance", [{ enabled: true }]),
      4,
      "no audience: every tab",
    );
    for (const tab of [...ofAccount101, otherTab]) {
      await tab.take(isGatewayEvent("maintenance"));
      assert.deepEqual(argsOf(tab, "manifestPublished").at(-1), [{ version: 9 }]);
    }
    await closeAll([...ofAccount101, otherTab]);
  });

  test("an impersonation renew moves the session to the impersonated account, and stopping moves it back", async () => {
    const staff = sessionOf(111);
    const tab = await staff.open();
    await tabsOfAccount(111, 1);

    // Impersonation start: the session store now answers the impersonated user's account.
    directory.accounts.set(staff.sessionId, 515);
    assert.equal(relay().renewUpstream(staff.sessionId, viewerToken), true);
    await tabsOfAccount(515, 1);
    assert.equal(relay().broadcastGatewayEvent("manifestPublished", [{ for: 111 }], accounts(111)), 0);
    assert.equal(relay().broadcastGatewayEvent("manifestPublished", [{ for: 515 }], accounts(515)), 1);
    await settled(tab);
    assert.deepEqual(argsOf(tab, "manifestPublished"), [[{ for: 515 }]]);

    // Impersonation stop: back to the staff's own account.
    directory.accounts.set(staff.sessionId, 111);
    relay().renewUpstream(staff.sessionId, ownerToken);
    await tabsOfAccount(111, 1);
    assert.equal(relay().broadcastGatewayEvent("manifestPublished", [{ for: 515 }], accounts(515)), 0);
    assert.equal(relay().broadcastGatewayEvent("manifestPublished", [{ for: 111 }], accounts(111)), 1);
    await settled(tab);
    assert.deepEqual(argsOf(tab, "manifestPublished"), [[{ for: 515 }], [{ for: 111 }]]);
    await closeAll([tab]);
  });

  test("events broadcast while the account is looked up wait for its answer, in order, and go by it", async () => {
    const staff = sessionOf(121);
    const tab = await staff.open();
    await tabsOfAccount(121, 1);

    directory.hold();
    directory.accounts.set(staff.sessionId, 525);
    relay().renewUpstream(staff.sessionId, viewerToken);
    assert.deepEqual(
      relay()
        .tabReports()
        .filter((report) => report.accountRecId === 121),
      [],
      "the old account no longer counts once the renew started",
    );
    assert.equal(relay().broadcastGatewayEvent("manifestPublished", [{ for: 525 }], accounts(525)), 0);
    assert.equal(relay().broadcastGatewayEvent("manifestPublished", [{ for: 121 }], accounts(121)), 0);
    assert.equal(relay().broadcastGatewayEvent("maintenance", [{ enabled: true }]), 0, "held behind them");
    // A pong answers a later frame: had the events been sent, they would have arrived before it.
    tab.send({ t: "ping" });
    await tab.take((frame) => frame.t === "pong");
    assert.equal(tab.frames.filter((frame) => frame.hub === "gateway").length, 0);

    directory.answerHeld();
    await tab.take(isGatewayEvent("maintenance"));
    await settled(tab);
    const gatewayEvents = tab.frames.filter((frame) => frame.hub === "gateway").map((frame) => frame.target);
    assert.deepEqual(gatewayEvents.slice(0, 2), ["manifestPublished", "maintenance"]);
    assert.deepEqual(argsOf(tab, "manifestPublished"), [[{ for: 525 }]]);
    await closeAll([tab]);
  });

  test("a session whose account was not known is looked up again by the next event for some accounts", async () => {
    const session = sessionOf(null);
    const tab = await session.open();
    await eventually(() => directory.lookupsOf(session.sessionId) === 1, "the first lookup");
    await answered();

    assert.equal(relay().broadcastGatewayEvent("manifestPublished", [1], accounts(303)), 0);
    await settled(tab);
    assert.deepEqual(argsOf(tab, "manifestPublished"), [], "still not known: not sent");
    assert.equal(directory.lookupsOf(session.sessionId), 2);

    // The account is known now (its facts were stored, e.g. after an impersonation's user load).
    directory.accounts.set(session.sessionId, 303);
    assert.equal(relay().broadcastGatewayEvent("manifestPublished", [2], accounts(303)), 0, "waits");
    await tab.take(isGatewayEvent("manifestPublished"));
    assert.equal(directory.lookupsOf(session.sessionId), 3);
    assert.equal(relay().broadcastGatewayEvent("manifestPublished", [3], accounts(303)), 1, "known: at once");
    await settled(tab);
    assert.deepEqual(argsOf(tab, "manifestPublished"), [[2], [3]]);
    assert.equal(directory.lookupsOf(session.sessionId), 3, "a known account is not looked up again");
    await closeAll([tab]);
  });

  test("reading the tab reports looks a session's unknown account up again", async () => {
    const session = sessionOf(null);
    const tab = await session.open();
    await eventually(() => directory.lookupsOf(session.sessionId) === 1, "the first lookup");
    await answered();
    directory.accounts.set(session.sessionId, 313);
    assert.equal(
      relay()
        .tabReports()
        .filter((report) => report.accountRecId === 313).length,
      0,
    );
    await answered();
    assert.equal(
      relay()
        .tabReports()
        .filter((report) => report.accountRecId === 313).length,
      1,
    );
    assert.equal(directory.lookupsOf(session.sessionId), 2);
    await closeAll([tab]);
  });

  test("a failing lookup leaves the account unknown; events for every account still arrive", async () => {
    directory.failing = true;
    const session = sessionOf(404);
    const tab = await session.open();
    try {
      await eventually(() => directory.lookupsOf(session.sessionId) === 1, "the first lookup");
      await answered();
      relay().broadcastGatewayEvent("manifestPublished", [1], accounts(404));
      await settled(tab);
      assert.deepEqual(argsOf(tab, "manifestPublished"), []);
    } finally {
      directory.failing = false;
    }
    relay().broadcastGatewayEvent("manifestPublished", [2], accounts(404));
    await tab.take(isGatewayEvent("manifestPublished"));
    assert.deepEqual(argsOf(tab, "manifestPublished"), [[2]]);
    await closeAll([tab]);
  });

  test("without accountOf no session has an account: events for some accounts reach no tab", async () => {
    const plain = await startGateway(upstream.hubBase);
    try {
      const { cookie } = plain.addSession(ownerToken);
      const tab = await openTab(plain.wsUrl, { cookie });
      await eventually(() => plain.app.hubRelay.stats().tabs === 1, "the tab attached");
      assert.equal(plain.app.hubRelay.broadcastGatewayEvent("manifestPublished", [1], accounts(101)), 0);
      assert.equal(plain.app.hubRelay.broadcastGatewayEvent("maintenance", [{ enabled: true }]), 1);
      await tab.take(isGatewayEvent("maintenance"));
      assert.deepEqual(argsOf(tab, "manifestPublished"), []);
      assert.deepEqual(
        plain.app.hubRelay.tabReports().map((report) => report.accountRecId),
        [null],
      );
      tab.socket.close();
      await tab.closed;
    } finally {
      await plain.close();
    }
  });
});
