/**
 * 401 → 403 → success for every family of endpoints (§6): no session, a session without the right
 * (role permission, subscription feature, staff, admin module Read or Write), and one with it.
 */
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { ErrorCode } from "../../../server/upstream/http/error-codes.ts";
import {
  Client,
  type DemoUser,
  objectId,
  type RunningUpstream,
  SAMPLE_CONNECTIONS,
  signIn,
  startUpstream,
} from "./upstream-fixture.ts";

let upstream: RunningUpstream;
const clients = new Map<DemoUser, Client>();

before(async () => {
  upstream = await startUpstream();
  for (const who of [
    "owner",
    "analyst",
    "viewer",
    "starter",
    "staffAdmin",
    "staffAuditor",
    "supportAgent",
  ] as DemoUser[]) {
    clients.set(who, await signIn(upstream, who));
  }
});
after(async () => upstream.close());

interface Family {
  name: string;
  method: "GET" | "POST" | "PUT" | "DELETE";
  path: string | (() => Promise<string>);
  body?: unknown;
  /** Signed in but lacking the right, with the error code expected. */
  denied: [DemoUser, keyof typeof ErrorCode][];
  allowed: DemoUser;
  status?: number;
}

const retailConnection = async () =>
  `/api/DataImport/Connection/${await objectId(clients.get("owner") as Client, "DataConnection", SAMPLE_CONNECTIONS.retail)}/SmartView/ParametersData`;
const viewerRecId = async () =>
  (await (clients.get("viewer") as Client).get("/api/Common/LoggedInConfig")).body.User.RecId;

const FAMILIES: Family[] = [
  {
    name: "roles: read",
    method: "GET",
    path: "/api/Roles",
    denied: [["viewer", "PermissionDenied"]],
    allowed: "owner",
  },
  {
    name: "roles: write",
    method: "POST",
    path: "/api/Roles",
    body: { Name: "Family test", Permissions: "Reports_r" },
    denied: [["analyst", "PermissionDenied"]],
    allowed: "owner",
    status: 201,
  },
  {
    name: "data: smart view parameters",
    method: "POST",
    path: retailConnection,
    body: { data: "{}", SmartViewModel: { Name: "SalesByGeography", Version: { Version: 1 } } },
    denied: [["viewer", "PermissionDenied"]],
    allowed: "analyst",
  },
  {
    name: "objects: list by type",
    method: "GET",
    path: "/api/Objects?type=Insight",
    denied: [
      ["starter", "FeatureNotIncluded"],
      ["analyst", "PermissionDenied"],
    ],
    allowed: "owner",
  },
  {
    name: "chat",
    method: "GET",
    path: "/api/supportchat/active",
    denied: [
      ["analyst", "ChatNotAvailable"],
      ["starter", "ChatNotAvailable"],
    ],
    allowed: "owner",
  },
  {
    name: "support sessions",
    method: "GET",
    path: "/api/SupportSessions",
    denied: [["viewer", "PermissionDenied"]],
    allowed: "owner",
  },
  {
    name: "invoices",
    method: "GET",
    path: "/api/invoice/INV-2024-0001",
    denied: [["analyst", "PermissionDenied"]],
    allowed: "owner",
  },
  {
    name: "media files",
    method: "GET",
    path: "/ws/File/Media/00000000-0000-4000-8000-000000000000",
    denied: [],
    allowed: "owner",
    status: 404,
  },
  {
    name: "admin scripts",
    method: "GET",
    path: "/ws/Client/Admin/Constants",
    denied: [["owner", "StaffOnly"]],
    allowed: "supportAgent",
  },
  {
    name: "admin: email outbound (Read)",
    method: "GET",
    path: "/api/Admin/EmailOutbound",
    denied: [
      ["owner", "StaffOnly"],
      ["supportAgent", "AdminPermissionDenied"],
    ],
    allowed: "staffAuditor",
  },
  {
    name: "admin: application logs (Read)",
    method: "GET",
    path: "/api/Admin/ApplicationLogs",
    denied: [
      ["viewer", "StaffOnly"],
      ["supportAgent", "AdminPermissionDenied"],
    ],
    allowed: "staffAuditor",
  },
  {
    name: "admin: impersonation (Users Write)",
    method: "POST",
    path: async () => `/api/Admin/Users/${await viewerRecId()}/ImpersonationToken`,
    denied: [
      ["owner", "StaffOnly"],
      ["staffAuditor", "AdminPermissionDenied"],
    ],
    allowed: "staffAdmin",
  },
  {
    name: "account: logged-in config",
    method: "GET",
    path: "/api/Common/LoggedInConfig",
    denied: [],
    allowed: "viewer",
  },
  { name: "notifications", method: "GET", path: "/api/Notifications/", denied: [], allowed: "viewer" },
  { name: "widget themes", method: "GET", path: "/api/Common/WidgetThemes", denied: [], allowed: "viewer" },
  {
    name: "server-side scripts",
    method: "GET",
    path: "/api/Script/ServerSide",
    denied: [],
    allowed: "viewer",
  },
];

for (const family of FAMILIES) {
  test(`${family.name}: 401 → 403 → ${family.status ?? 200}`, async () => {
    const path = typeof family.path === "string" ? family.path : await family.path();
    const anonymous = await new Client(upstream.baseUrl).request(family.method, path, family.body);
    assert.equal(anonymous.status, 401);
    assert.equal(anonymous.body.ErrorCode, ErrorCode.AuthenticationRequired);
    for (const [who, code] of family.denied) {
      const reply = await (clients.get(who) as Client).request(family.method, path, family.body);
      assert.equal(reply.status, 403, `${who} should be refused`);
      assert.equal(reply.body.ErrorCode, ErrorCode[code], `${who}: ${JSON.stringify(reply.body)}`);
    }
    const allowed = await (clients.get(family.allowed) as Client).request(family.method, path, family.body);
    assert.equal(allowed.status, family.status ?? 200, JSON.stringify(allowed.body).slice(0, 200));
  });
}

test("a feature missing from the subscription is a 403 even with the role permission", async () => {
  const starter = clients.get("starter") as Client;
  const config = (await starter.get("/api/Common/LoggedInConfig")).body;
  assert.ok(config.User.RolePermissions.includes("InAppChatAccess_rw"), "the owner role has the permission");
  const reply = await starter.get("/api/supportchat/active");
  assert.equal(reply.status, 403);
});
