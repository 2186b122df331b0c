/**
 * The configuration plane's warning on entries no role of any account can see (§6: without the role
 * permission the navigation panel entry is hidden and the route sends home), over real sockets: the
 * real seeded upstream answers its roles' permission sets to the gateway's service call, and staff
 * validating a change that keys a new navigation panel link and a route by a permission no seeded
 * role holds get both warnings — and the change stays valid, since a warning does not block. Every
 * key of manifests/permissions.json is held by the owner role (at rw), so the unheld key is one the
 * change adds to the catalogue.
 */
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { type BrowserClient, signedIn } from "./browser-client.ts";
import {
  type RunningGateway,
  type RunningUpstream,
  startGateway,
  startUpstream,
} from "./integration-fixture.ts";

const SERVICE_TOKEN = "role-warnings-suite-service-token-0123456789abcdef";
/** A permission key the change adds to the catalogue; the upstream knows no such key, so no role holds it. */
const UNHELD = "Forecasts";

interface Warning {
  kind: string;
  pointer: string;
  reason: string;
}

interface Report {
  valid: boolean;
  problems: unknown[];
  warnings: Warning[];
}

interface MenuLink {
  id: string;
  key: string;
}

/** The base document of a kind, as staff read it before editing. */
async function document(staff: BrowserClient, kind: string) {
  const answer = await staff.get(`/gw/config/versions/0?kind=${kind}`);
  assert.equal(answer.status, 200, answer.bytes.toString());
  return answer.json.document;
}

/**
 * The edits: `Forecasts` in the permission catalogue (reusing an existing title, so no texts change),
 * a navigation panel link keyed by it at the end of the first section, and the reports list route
 * needing it instead of Reports.
 */
async function unheldEdits(staff: BrowserClient) {
  const permissions = await document(staff, "permissions");
  const menus = await document(staff, "menus");
  const routes = await document(staff, "routes");
  const [first, ...rest] = menus.main.sections as { links: MenuLink[] }[];
  assert.ok(first);
  const routeIndex = (routes.routes as { id: string }[]).findIndex((route) => route.id === "reports");
  assert.ok(routeIndex >= 0);
  const edits = [
    {
      kind: "permissions",
      document: {
        ...permissions,
        rolePermissions: [
          ...permissions.rolePermissions,
          { key: UNHELD, titleKey: "Permission_Reports", menu: true },
        ],
      },
    },
    {
      kind: "menus",
      document: {
        ...menus,
        main: {
          ...menus.main,
          sections: [
            {
              ...first,
              links: [
                ...first.links,
                {
                  id: "forecasts",
                  textKey: "Menu_Reports",
                  link: "/reports",
                  key: UNHELD,
                  feature: "Report",
                  adminOnly: false,
                },
              ],
            },
            ...rest,
          ],
        },
      },
    },
    {
      kind: "routes",
      document: {
        ...routes,
        routes: (routes.routes as { id: string; access: object }[]).map((route) =>
          route.id === "reports" ? { ...route, access: { ...route.access, permission: UNHELD } } : route,
        ),
      },
    },
  ];
  return {
    edits,
    linkPointer: `/main/sections/0/links/${first.links.length}/key`,
    routePointer: `/routes/${routeIndex}/access/permission`,
  };
}

async function validate(staff: BrowserClient, edits: unknown[]): Promise<Report> {
  const answer = await staff.post("/gw/config/validate", { edits });
  assert.equal(answer.status, 200, answer.bytes.toString());
  return answer.json as Report;
}

describe("a change keyed by a permission no role holds", () => {
  let upstream: RunningUpstream;
  let gateway: RunningGateway;
  let staff: BrowserClient;
  let previousToken: string | undefined;

  before(async () => {
    previousToken = process.env.UPSTREAM_SERVICE_TOKEN;
    // The embedded upstream reads the token it accepts from its environment, as in production.
    process.env.UPSTREAM_SERVICE_TOKEN = SERVICE_TOKEN;
    upstream = await startUpstream();
    gateway = await startGateway(upstream.url, { more: { upstreamServiceToken: SERVICE_TOKEN } });
    staff = await signedIn(gateway.url, "staffAdmin");
  });
  after(async () => {
    await gateway.app.close();
    await upstream.close();
    if (previousToken === undefined) delete process.env.UPSTREAM_SERVICE_TOKEN;
    else process.env.UPSTREAM_SERVICE_TOKEN = previousToken;
  });

  test("the shipped menus and routes: every entry is seen by some role, so no such warning", async () => {
    const report = await validate(staff, [{ kind: "menus", merge: { main: { titleKey: "Menu_Reports" } } }]);
    assert.equal(report.valid, true, JSON.stringify(report.problems));
    assert.deepEqual(
      report.warnings.filter((warning) => /no role of any account/.test(warning.reason)),
      [],
    );
  });

  test("the link and the route are warned about with kind, pointer and reason, and the change is valid", async () => {
    const { edits, linkPointer, routePointer } = await unheldEdits(staff);
    const report = await validate(staff, edits);
    assert.equal(report.valid, true, JSON.stringify(report.problems));
    assert.deepEqual(report.problems, []);
    const link = report.warnings.find((warning) => warning.pointer === linkPointer);
    assert.equal(link?.kind, "menus", JSON.stringify(report.warnings));
    assert.match(link.reason, /no role of any account holds Forecasts/);
    assert.match(link.reason, /"forecasts"/);
    const route = report.warnings.find((warning) => warning.pointer === routePointer);
    assert.equal(route?.kind, "routes", JSON.stringify(report.warnings));
    assert.match(route.reason, /no role of any account holds Forecasts_r/);
    assert.match(route.reason, /\/reports/);
    // Only the entries keyed by the new permission.
    assert.equal(
      report.warnings.filter((warning) => /no role of any account/.test(warning.reason)).length,
      2,
      JSON.stringify(report.warnings),
    );
  });

  test("a gateway without the service token cannot read the roles: the same change gets no such warning", async () => {
    const blind = await startGateway(upstream.url);
    try {
      const blindStaff = await signedIn(blind.url, "staffAdmin");
      const { edits } = await unheldEdits(blindStaff);
      const report = await validate(blindStaff, edits);
      assert.equal(report.valid, true, JSON.stringify(report.problems));
      assert.deepEqual(
        report.warnings.filter((warning) => /no role of any account/.test(warning.reason)),
        [],
      );
    } finally {
      await blind.app.close();
    }
  });
});
