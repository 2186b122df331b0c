/**
 * The log redaction rule as data (DESIGN.md §4: structured logs with tokens redacted), core/'s one rule
 * for the gateway and the upstream, whose logs both name the webservices base's paths. The last suite
 * ties the rule to the upstream's route table: every route whose path parameter is a credential is
 * masked under both bases, and every parameterised route an anonymous caller reaches is either one of
 * them or judged public — a new public route with a secret in its path cannot go unjudged.
 */
import assert from "node:assert/strict";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import type { FastifyInstance } from "fastify";
import * as rule from "../../core/log-redaction.ts";
import { buildUpstream, upstreamRouteTable } from "../../server/upstream/app.ts";

const R = "[redacted]";

/** Request targets and how they are logged. */
const TARGETS: readonly [target: string, logged: string][] = [
  // Plain paths and queries: the path stays, any query is replaced whole.
  ["/", "/"],
  ["/api/Common/LoggedInConfig", "/api/Common/LoggedInConfig"],
  ["/api/Common/LoggedInConfig?st=tok&l=1", `/api/Common/LoggedInConfig?${R}`],
  ["/dashboards?it=tok", `/dashboards?${R}`],
  ["/resetpassword?token=tok&domain=northwind", `/resetpassword?${R}`],
  ["/api/supportchat/file?id=file-uid", `/api/supportchat/file?${R}`],
  ["/hubs/user?id=conn-token&access_token=bearer", `/hubs/user?${R}`],
  ["/x#fragment", `/x?${R}`],
  // §2.1 share pages.
  ["/v/CODE", `/v/${R}`],
  ["/b/CODE", `/b/${R}`],
  ["/ld/CODE?st=tok", `/ld/${R}?${R}`],
  ["/v/CODE/more", `/v/${R}`],
  ["/V/CODE", `/V/${R}`],
  ["/v/", "/v/"],
  ["/vx/CODE", "/vx/CODE"],
  // The webservices base under both names: the gateway's /webservices/ and the upstream's /ws/.
  ["/webservices/Share/Dashboard/CODE", `/webservices/Share/${R}`],
  ["/ws/Share/Binder/CODE", `/ws/Share/${R}`],
  ["/ws/share/livedoc/CODE/", `/ws/share/${R}`],
  ["/ws/Share/CODE", `/ws/Share/${R}`],
  ["/webservices/Gateway/Embedding/Share/Dashboard/CODE", `/webservices/Gateway/Embedding/Share/${R}`],
  ["/ws/Gateway/Embedding/Share/LiveDoc/CODE", `/ws/Gateway/Embedding/Share/${R}`],
  ["/ws/account/logo/LOGO-UID", `/ws/account/logo/${R}`],
  ["/webservices/SystemMedia/MEDIA-UID", `/webservices/SystemMedia/${R}`],
  // What routers read differently from the bytes: repeated slashes, escapes, dot segments.
  ["//ws//Share//Dashboard/CODE", `//ws//Share/${R}`],
  ["/ws/%53hare/Dashboard/CODE", `/ws/Share/${R}`],
  ["/%76/CODE", `/v/${R}`],
  ["/webservices/x/../Share/Dashboard/CODE", `/webservices/Share/${R}`],
  ["/webservices/x/%2e%2e/Share/Dashboard/CODE", `/webservices/Share/${R}`],
  ["/ws/./account/logo/LOGO-UID", `/ws/account/logo/${R}`],
  // An absolute-form request target keeps its origin.
  ["http://upstream.test/ws/Share/Dashboard/CODE?st=tok", `http://upstream.test/ws/Share/${R}?${R}`],
  // Not credentials: record ids, public help, the account's embedding list by record id.
  ["/ws/Help/faq/intro", "/ws/Help/faq/intro"],
  ["/ws/Gateway/Embedding/Account/12", "/ws/Gateway/Embedding/Account/12"],
  ["/api/Content/Dashboards/Objects/12/Shares/3", "/api/Content/Dashboards/Objects/12/Shares/3"],
  ["/api/Admin/SystemMedia/12", "/api/Admin/SystemMedia/12"],
  ["/api/Account/Settings/Logo/Primary", "/api/Account/Settings/Logo/Primary"],
];

/** Free text naming URLs (error messages, relay log fields) and how it is written. */
const TEXTS: readonly [text: string, written: string][] = [
  ["Route GET:/v/CODE?st=tok not found", `Route GET:/v/${R}?${R} not found`],
  ['{"relay":{"path":"/webservices/Share/Dashboard/CODE"}}', `{"relay":{"path":"/webservices/Share/${R}"}}`],
  ['{"url":"/ws/Gateway/Embedding/Share/Dashboard/CODE"}', `{"url":"/ws/Gateway/Embedding/Share/${R}"}`],
  [
    'Reply was already sent, in the "/ws/Share/Dashboard/CODE" (GET) route',
    `Reply was already sent, in the "/ws/Share/${R}" (GET) route`,
  ],
  ["see https://analytics.tessera.test/v/CODE", `see https://analytics.tessera.test/v/${R}`],
  [
    "fetch http://127.0.0.1:5180/ws/account/logo/LOGO-UID failed",
    `fetch http://127.0.0.1:5180/ws/account/logo/${R} failed`,
  ],
  // A query runs to the next space or quote: a closing bracket goes with it.
  ["link (/resetpassword?token=tok&domain=d) sent", `link (/resetpassword?${R} sent`],
  ["GET /ws/%53hare/Dashboard/CODE", `GET /ws/Share/${R}`],
  ["at run (file:///work/main/server/x.ts:1:2)", "at run (file:///work/main/server/x.ts:1:2)"],
  ['{"msg":"incoming request","url":"/api/Tasks"}', '{"msg":"incoming request","url":"/api/Tasks"}'],
  [`{"url":"/v/${R}?${R}"}`, `{"url":"/v/${R}?${R}"}`],
];

describe("log redaction rule", () => {
  test("request targets: credentials in paths masked, queries replaced", () => {
    for (const [target, logged] of TARGETS) assert.equal(rule.loggableTarget(target), logged, target);
  });

  test("free text: every path in it goes through the same rule", () => {
    for (const [text, written] of TEXTS) assert.equal(rule.scrubText(text), written, text);
  });

  test("logger options: off stays off; given redact paths and write hooks are kept", () => {
    assert.equal(rule.redactedLoggerOptions(false), false);
    assert.equal(rule.redactedLoggerOptions(undefined), false);
    const options = rule.redactedLoggerOptions({
      level: "info",
      redact: ["req.body.password"],
      hooks: { streamWrite: (line: string) => `${line} /v/CODE` },
    }) as unknown as {
      level: string;
      redact: { paths: string[]; censor: string };
      hooks: { streamWrite(line: string): string };
    };
    assert.equal(options.level, "info");
    assert.deepEqual(options.redact.paths, [...rule.REDACTED_HEADER_PATHS, "req.body.password"]);
    assert.equal(options.redact.censor, R);
    assert.equal(options.hooks.streamWrite("GET /ws/Share/Dashboard/CODE"), `GET /ws/Share/${R} /v/${R}`);
  });
});

test("credential headers are censored", () => {
  assert.ok(rule.REDACTED_HEADER_PATHS.includes("req.headers.authorization"));
  assert.ok(rule.REDACTED_HEADER_PATHS.includes("req.headers.cookie"));
});

/**
 * Routes whose path parameters are credentials: the share codes (the service-token lookup takes the
 * visitor's code too) and the unauthenticated files whose random UID is the only check.
 */
const CREDENTIAL_ROUTES = [
  "GET /ws/Share/:type/:code",
  // The shared links' widget data: the code leads the path as in the shared view itself.
  "POST /ws/Share/Dashboard/:code/Widgets/:widgetId/Query",
  "POST /ws/Share/LiveDoc/:code/Widgets/:widgetId/Query",
  "POST /ws/Share/Binder/:code/Pages/:dashboardRecId/Widgets/:widgetId/Query",
  "GET /ws/Gateway/Embedding/Share/:type/:code",
  "GET /ws/account/logo/:logoUid",
  "GET /ws/SystemMedia/:uid",
];
/** Credential routes an anonymous caller does not reach: the gateway's service-token lookups. */
const SERVICE_ROUTES = ["GET /ws/Gateway/Embedding/Share/:type/:code"];
/**
 * Parameterised routes answered to anonymous callers whose parameters are not credentials: help
 * articles, and a sign-in domain's white-label branding (the domain is what the sign-in page shows).
 */
const JUDGED_PUBLIC = [
  "GET /ws/Help/:routeTab/:routeItemCode",
  "GET /ws/account/branding/:domain",
  "GET /ws/account/branding/:domain/logo",
];
/** Stands for a secret in a path parameter (URL-safe, as codes and UIDs are). */
const SENTINEL = "Sentinel-7d1c0e-4b2a";

describe("the upstream's route table against the rule", () => {
  let app: FastifyInstance;
  let origin: string;
  let dataDir: string;
  before(async () => {
    dataDir = mkdtempSync(join(tmpdir(), "tessera-log-rule-"));
    app = await buildUpstream({ dataDir, seed: false, debug: true });
    origin = await app.listen({ host: "127.0.0.1", port: 0 });
  });
  after(async () => {
    await app.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const withSentinels = (url: string) => url.replace(/:[A-Za-z]+/g, SENTINEL);

  test("the parameterised routes anonymous callers reach, and the service lookups, are the credential routes", async () => {
    const reachable: string[] = [];
    for (const route of upstreamRouteTable(app)) {
      if (!route.url.includes(":")) continue;
      const response = await fetch(`${origin}${withSentinels(route.url)}`, { method: route.method });
      await response.body?.cancel();
      if (response.status !== 401 && response.status !== 403) reachable.push(`${route.method} ${route.url}`);
    }
    const table = new Set(upstreamRouteTable(app).map((route) => `${route.method} ${route.url}`));
    for (const route of SERVICE_ROUTES) assert.ok(table.has(route), `${route} is not a route any more`);
    const credentials = [...reachable.filter((route) => !JUDGED_PUBLIC.includes(route)), ...SERVICE_ROUTES];
    assert.deepEqual(credentials.sort(), [...CREDENTIAL_ROUTES].sort());
  });

  test("every credential route is masked under /ws/ and under the gateway's /webservices/", () => {
    for (const route of CREDENTIAL_ROUTES) {
      const path = withSentinels(route.split(" ")[1]!);
      for (const target of [path, path.replace(/^\/ws\//, "/webservices/")]) {
        const logged = rule.loggableTarget(target);
        assert.ok(!logged.includes(SENTINEL), `${target} is logged as ${logged}`);
      }
    }
  });
});
