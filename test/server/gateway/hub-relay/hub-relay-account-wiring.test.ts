/**
 * Gateway events for some accounts through the gateway as it ships (`buildApp`: the session store
 * answers the relay's `accountOf`), over real sockets against the real upstream: a staff member's
 * tab gets the events of the staff account, and while impersonating (§4.1 step 4) those of the
 * impersonated user's account instead, until the impersonation stops.
 */
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { type BrowserClient, signedIn } from "../integration/browser-client.ts";
import { PUBLIC_ORIGIN, type Stack, startStack } from "../integration/integration-fixture.ts";
import { eventually, type Frame, openTab, type TestTab } from "./relay-fixture.ts";

const isGatewayEvent = (target: string) => (frame: Frame) =>
  frame.t === "event" && frame.hub === "gateway" && frame.target === target;

/** The account the client's manifest was resolved for. */
async function accountOf(client: BrowserClient): Promise<number> {
  const manifest = await client.get("/gw/manifest");
  assert.equal(manifest.status, 200);
  const account = manifest.json.user?.accountRecId;
  assert.equal(typeof account, "number");
  return account as number;
}

describe("hub relay: gateway events follow the session's account (buildApp)", () => {
  let stack: Stack;
  before(async () => {
    stack = await startStack();
  });
  after(async () => stack.close());

  const relay = () => stack.gateway.app.hubRelay;
  let marks = 0;
  /** Every gateway event broadcast so far has reached the tab (a session's tabs get them in order). */
  async function settled(tab: TestTab): Promise<void> {
    const target = `mark-${++marks}`;
    relay().broadcastGatewayEvent(target);
    await tab.take(isGatewayEvent(target), target);
  }
  const published = (tab: TestTab) =>
    tab.frames.filter(isGatewayEvent("manifestPublished")).map((frame) => frame.args[0]);
  const tabOfAccount = (account: number) =>
    eventually(
      () =>
        relay()
          .tabReports()
          .some((report) => report.accountRecId === account),
      `a tab of account ${account}`,
    );

  test("the staff tab hears its own account's events, the impersonated account's while impersonating", async () => {
    const viewer = await signedIn(stack.gateway.url, "viewer");
    const viewerAccount = await accountOf(viewer);
    const viewerRecId = (await viewer.get("/api/Common/LoggedInConfig")).json.User.RecId;
    const staff = await signedIn(stack.gateway.url, "staffAdmin");
    const staffAccount = await accountOf(staff);
    assert.notEqual(staffAccount, viewerAccount, "the staff and the user are of different accounts");

    const tab = await openTab(stack.gateway.hubUrl, { cookie: staff.cookieHeader(), origin: PUBLIC_ORIGIN });
    await tabOfAccount(staffAccount);
    relay().broadcastGatewayEvent("manifestPublished", [{ for: "viewer" }], {
      accounts: new Set([viewerAccount]),
    });
    relay().broadcastGatewayEvent("manifestPublished", [{ for: "staff" }], {
      accounts: new Set([staffAccount]),
    });
    await settled(tab);
    assert.deepEqual(published(tab), [{ for: "staff" }]);

    const token = (await staff.post(`/api/Admin/Users/${viewerRecId}/ImpersonationToken`)).json.Token;
    assert.equal((await staff.post("/gw/session/impersonation", { token })).status, 200);
    // The renew looks the account up before the user load stored it; reading the tab reports, or
    // an event for some accounts, looks it up again.
    await tabOfAccount(viewerAccount);
    relay().broadcastGatewayEvent("manifestPublished", [{ for: "staff" }], {
      accounts: new Set([staffAccount]),
    });
    relay().broadcastGatewayEvent("manifestPublished", [{ for: "viewer" }], {
      accounts: new Set([viewerAccount]),
    });
    await settled(tab);
    assert.deepEqual(published(tab), [{ for: "staff" }, { for: "viewer" }]);

    assert.equal((await staff.post("/gw/session/stop-impersonation")).status, 200);
    // The stop's user load stores the staff account again; the next event for some accounts looks it up.
    relay().broadcastGatewayEvent("manifestPublished", [{ for: "staff" }], {
      accounts: new Set([staffAccount]),
    });
    await settled(tab);
    assert.deepEqual(published(tab), [{ for: "staff" }, { for: "viewer" }, { for: "staff" }]);
    tab.socket.close();
    await tab.closed;
  });
});
