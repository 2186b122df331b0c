import assert from "node:assert/strict";
import { request } from "node:http";
import { test } from "node:test";
import { buildApp } from "../../../server/gateway/app.ts";
import { closeWithDeadline } from "../../../server/gateway/shutdown.ts";
import { LOCALES_DIR, MANIFESTS_DIR } from "../../helpers/manifest-fixtures.ts";

function get(port: number, path: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: "127.0.0.1", port, path, agent: false }, (res) => {
      let body = "";
      res.on("data", (chunk) => (body += chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body }));
      res.on("error", reject);
    });
    req.on("error", reject);
    req.end();
  });
}

async function gatewayWithSlowRoute(delayMs: number) {
  const app = await buildApp({ manifestsDir: MANIFESTS_DIR, localesDir: LOCALES_DIR, distDir: null });
  let started!: () => void;
  const requestStarted = new Promise<void>((resolve) => (started = resolve));
  app.get("/slow", async () => {
    started();
    // Unref'd: a cut request must not keep the test process alive.
    await new Promise((resolve) => setTimeout(resolve, delayMs).unref());
    return { done: true };
  });
  await app.listen({ host: "127.0.0.1", port: 0 });
  const address = app.server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  return { app, port, requestStarted };
}

test("an in-flight request finishes; new connections are refused once closing", async () => {
  const { app, port, requestStarted } = await gatewayWithSlowRoute(300);
  const inFlight = get(port, "/slow");
  await requestStarted;
  const closing = closeWithDeadline(app, 5_000);
  const response = await inFlight;
  assert.deepEqual(response, { status: 200, body: '{"done":true}' });
  assert.equal(await closing, true);
  await assert.rejects(get(port, "/healthz"), /ECONNREFUSED/);
});

test("past the deadline the remaining connections are cut", async () => {
  const { app, port, requestStarted } = await gatewayWithSlowRoute(60_000);
  const inFlight = get(port, "/slow").then(
    () => "completed",
    () => "cut",
  );
  await requestStarted;
  assert.equal(await closeWithDeadline(app, 200), false);
  assert.equal(await inFlight, "cut");
});
