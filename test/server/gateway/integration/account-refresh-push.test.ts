/**
 * A menu saved by one member reaches the account's open tabs through the hub relay (§7 user hub
 * `refresh-base-page-user`; DESIGN.md §3 account layer, §4 hub relay), over real sockets: the real
 * seeded upstream and TWO gateways from `buildApp` in front of it, as a scaled-out deployment runs.
 * The owner saves through gateway A; the analyst's tab on gateway B hears of it, and the manifest B
 * then serves carries the new names although B had the old layout cached (the relay drops the
 * account's layout before the tab hears of it); a member's tab on gateway A hears it too; a tab of
 * another account hears nothing (decided by a Ping round trip on its own session, which the
 * upstream answers after everything it sent that session before).
 */
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import type { ClientManifest } from "../../../../schemas/client-manifest.ts";
import { type Frame, openTab, type TestTab } from "../hub-relay/relay-fixture.ts";
import { type BrowserClient, signedIn } from "./browser-client.ts";
import {
  PUBLIC_ORIGIN,
  type RunningGateway,
  type RunningUpstream,
  startGateway,
  startUpstream,
} from "./integration-fixture.ts";

let upstream: RunningUpstream;
let gatewayA: RunningGateway;
let gatewayB: RunningGateway;
const tabs: TestTab[] = [];

before(async () => {
  upstream = await startUpstream();
  gatewayA = await startGateway(upstream.url);
  gatewayB = await startGateway(upstream.url);
});
after(async () => {
  for (const tab of tabs) tab.socket.terminate();
  await gatewayA.app.close();
  await gatewayB.app.close();
  await upstream.close();
});

/** A tab of `browser`'s session on `gateway`, once its upstream leg is connected. */
async function connectedTab(gateway: RunningGateway, browser: BrowserClient): Promise<TestTab> {
  const tab = await openTab(gateway.hubUrl, { cookie: browser.cookieHeader(), origin: PUBLIC_ORIGIN });
  tabs.push(tab);
  await tab.take((frame) => frame.t === "status" && frame.upstream === "connected", "status connected");
  return tab;
}

const isRefresh = (frame: Frame) =>
  frame.t === "event" && frame.hub === "user" && frame.target === "refresh-base-page-user";

/** The analytics and data links of the browser's manifest, by id. */
async function linksOf(browser: BrowserClient): Promise<Map<string, Frame>> {
  const answer = await browser.get("/gw/manifest");
  assert.equal(answer.status, 200);
  const manifest = answer.json as ClientManifest;
  return new Map(
    (manifest.menus?.main.sections ?? []).flatMap((s) => s.links.map((l) => [l.id, l as Frame])),
  );
}

describe("an account's menu save pushed through the hub relay", () => {
  test("reaches the account's tabs on both gateways with a fresh manifest, never another account's", async () => {
    const owner = await signedIn(gatewayA.url, "owner");
    const viewer = await signedIn(gatewayA.url, "viewer");
    const analyst = await signedIn(gatewayB.url, "analyst");
    const contoso = await signedIn(gatewayB.url, "contoso");
    const viewerTab = await connectedTab(gatewayA, viewer);
    const analystTab = await connectedTab(gatewayB, analyst);
    const contosoTab = await connectedTab(gatewayB, contoso);
    // Gateway B now holds Northwind's layout (none saved) in its cache.
    assert.equal((await linksOf(analyst)).get("dataHooks")?.text, undefined);

    const saved = await owner.put("/api/Account/Menu", {
      Sections: [
        {
          Id: "data",
          Title: "",
          Order: [],
          Hidden: [],
          Links: [{ Id: "dataHooks", Text: "Event hooks", Translations: { de: "Ereignis-Hooks" } }],
        },
      ],
    });
    assert.equal(saved.status, 200, saved.bytes.toString());

    const event = await analystTab.take(isRefresh, "refresh-base-page-user on gateway B");
    assert.deepEqual(event.args, []);
    const dataHooks = (await linksOf(analyst)).get("dataHooks");
    assert.equal(dataHooks?.text, "Event hooks", "gateway B serves the new name right after the event");
    assert.deepEqual(dataHooks?.textByLanguage, { de: "Ereignis-Hooks" });
    assert.equal(dataHooks?.textKey, "Menu_DataHooks");
    await viewerTab.take(isRefresh, "refresh-base-page-user on gateway A");

    contosoTab.send({ t: "invoke", id: "barrier-1", hub: "user", target: "Ping", args: [] });
    const pong = await contosoTab.take((frame) => frame.t === "result" && frame.id === "barrier-1", "Ping");
    assert.equal(pong.ok, true, JSON.stringify(pong));
    assert.deepEqual(contosoTab.frames.filter(isRefresh), [], "another account hears nothing");
    assert.equal((await linksOf(contoso)).get("dataHooks")?.text, undefined);
  });
});
