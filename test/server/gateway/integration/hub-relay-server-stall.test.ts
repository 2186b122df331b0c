/**
 * The hub relay's per-tab frame rate across a gateway stall, with the shipped limits (buildApp, real
 * upstream, real sockets). The gateway's event loop is held by a synchronous busy-wait of 5 s — what
 * a SIGSTOP or a long GC does to it — while the browser tabs, in a process of their own
 * (paced-hub-tabs.ts), keep sending: their frames queue in the kernel and reach the relay together
 * when it resumes. A tab that kept to the rate must survive that; one that floods must not.
 */
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { createInterface } from "node:readline";
import { after, before, describe, test } from "node:test";
import { DEFAULT_MAX_MESSAGES_PER_SECOND } from "../../../../server/gateway/hub-relay/options.ts";
import { signedIn } from "./browser-client.ts";
import { PUBLIC_ORIGIN, type Stack, startStack } from "./integration-fixture.ts";
import type { PacedTabsPlan, TabOutcome } from "./paced-hub-tabs.ts";

const ROOT = new URL("../../../../", import.meta.url).pathname;
const CLIENT = new URL("./paced-hub-tabs.ts", import.meta.url).pathname;

/** How long the gateway stalls. */
const STALL_MS = 5_000;
/** The tabs send this long before the stall, and as long after it. */
const AROUND_STALL_MS = 1_000;

/** Holds the event loop — the gateway's and the upstream's, both in this process — for `ms`. */
function stallEventLoop(ms: number): void {
  const until = performance.now() + ms;
  let spins = 0;
  while (performance.now() < until) spins++;
  assert.ok(spins > 0);
}

let stack: Stack;
before(async () => {
  stack = await startStack();
});
after(async () => {
  await stack.close();
});

describe("hub relay frame rate across a gateway stall", () => {
  test("a tab that keeps to the rate through a 5 s stall stays open and is answered; a flooding tab is closed with 1008", async () => {
    const browser = await signedIn(stack.gateway.url, "owner");
    const rate = DEFAULT_MAX_MESSAGES_PER_SECOND;
    const plan: PacedTabsPlan = {
      hubUrl: stack.gateway.hubUrl,
      cookie: browser.cookieHeader(),
      origin: PUBLIC_ORIGIN,
      durationMs: AROUND_STALL_MS + STALL_MS + AROUND_STALL_MS,
      tabs: [
        { name: "steady", perSecond: rate },
        { name: "flood", perSecond: 2 * rate },
      ],
    };
    const client = spawn(process.execPath, ["--import", "tsx", CLIENT, JSON.stringify(plan)], {
      cwd: ROOT,
      stdio: ["ignore", "pipe", "inherit"],
    });
    const lines = createInterface({ input: client.stdout })[Symbol.asyncIterator]();
    const line = async () => JSON.parse(String((await lines.next()).value));
    try {
      assert.deepEqual(await line(), { sending: true });
      await new Promise((resolve) => setTimeout(resolve, AROUND_STALL_MS));
      stallEventLoop(STALL_MS);
      const { tabs } = (await line()) as { tabs: TabOutcome[] };
      const [steady, flood] = tabs;
      assert.ok(steady && flood, JSON.stringify(tabs));
      assert.equal(steady.closeCode, null, `the steady tab was closed: ${JSON.stringify(steady)}`);
      assert.ok(steady.sent >= (rate * plan.durationMs) / 1000, JSON.stringify(steady));
      assert.equal(steady.pongs, steady.sent, "every ping of the steady tab was answered");
      assert.equal(flood.closeCode, 1008, JSON.stringify(flood));
    } finally {
      client.kill();
    }
  });
});
