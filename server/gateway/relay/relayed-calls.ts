/**
 * The product's relay policy (relay-policy.ts): which upstream call families browsers may reach
 * through `/api/` and `/webservices/`, and the body limit of every route that accepts more than the
 * default. The upstream's route table is the reference: a relay test judges each of its routes
 * against this list and compares every limit with the route's own.
 */
import {
  compileRelayPolicy,
  type RelayBodyLimit,
  type RelayFamily,
  type RelayPolicy,
} from "./relay-policy.ts";

const KIB = 1024;
const MIB = 1024 * KIB;

/** The default body limit: the upstream's limit of JSON bodies (§7 payloads are small). */
export const RELAY_DEFAULT_MAX_BODY_BYTES = 64 * KIB;

/** Room a multipart upload needs beyond its files: boundaries, part headers, a few text fields. */
const MULTIPART_ENVELOPE_BYTES = 64 * KIB;
const upload = (fileBytes: number) => fileBytes + MULTIPART_ENVELOPE_BYTES;

const relay = (base: RelayFamily["base"], ...paths: string[]): RelayFamily[] =>
  paths.map((path) => ({ base, path, decision: "relay" }));

/** Every call family under the two bases, and what the relay does with it. */
export const RELAYED_FAMILIES: readonly RelayFamily[] = [
  // The member and staff calls behind the screens, §7 and the resources of DESIGN.md §5.
  ...relay(
    "app",
    "Account",
    "Admin",
    "Alerts",
    "ApiKeys",
    "Common",
    "Connections",
    "Content",
    "Data",
    "DataImport",
    "DataTables",
    "Exports",
    "Imports",
    "invoice",
    "Invoices",
    "ManagedAccounts",
    "Media",
    "MySettings",
    "Notifications",
    "Objects",
    "Projects",
    "Roles",
    "Schedules",
    "Script",
    "supportchat",
    "SupportSessions",
    "SupportTickets",
    "Tasks",
    "Teams",
    "UsageMetrics",
    "User",
    "Users",
    "v2/User/Ping",
  ),
  // Credential and session calls: /gw/session/* makes them with its rate limits and keeps the tokens
  // (server/gateway/session/README.md). Login covers the second factor, token login and recovery.
  { base: "app", path: "Login", decision: "session" },
  // §7's debug-build call: a signed-in user mints an `st` token, made to travel in a URL (§4.1 step 5);
  // the upstream answers it only when its debug calls are on.
  { base: "app", path: "Login/GenerateRDSToken", decision: "relay" },
  { base: "app", path: "Logout", decision: "session" },
  { base: "app", path: "Signup", decision: "session" },
  { base: "app", path: "User/ChangePassword", decision: "session" },
  { base: "app", path: "Admin/Users/Impersonate", decision: "session" },
  // The preview's read-only session as a member (config/preview-data.ts holds its token).
  { base: "app", path: "Admin/Configuration/PreviewSession", decision: "session" },
  { base: "app", path: "v2/User/StopImpersonate", decision: "session" },
  // Logos, avatars, downloads, admin scripts, system media, public share links and help (§7).
  ...relay("webservices", "account", "user", "File", "Client", "SystemMedia", "Share", "Help"),
  // The gateway's own lookups with the service token (frame-ancestors of embedded and shared views).
  { base: "webservices", path: "Gateway", decision: "service" },
];

const limit = (method: string, path: string, maxBodyBytes: number): RelayBodyLimit => ({
  method,
  base: "app",
  path,
  maxBodyBytes,
});

/** The routes whose body may exceed RELAY_DEFAULT_MAX_BODY_BYTES, each with the upstream's own limit. */
export const RELAY_BODY_LIMITS: readonly RelayBodyLimit[] = [
  limit("PUT", "supportchat/file", upload(2 * MIB)), // §9: chat attachments up to 2 MB
  limit("PUT", "Admin/SupportChat/Sessions/*/File", upload(2 * MIB)), // the staff's attachments, the same limit
  limit("PUT", "Account/Settings/Logo/*", upload(512 * KIB)),
  limit("POST", "Content/*/Objects/*/Comments", upload(5 * 5 * MIB)),
  limit("POST", "SupportTickets/*/Comments", upload(5 * 5 * MIB)),
  // A PNG of up to 512 KiB, base64 in JSON, plus the other fields.
  limit("POST", "Content/*/Objects/*/ChartSnapshots", Math.ceil((512 * KIB * 4) / 3) + 4 * KIB),
  limit("POST", "Media/Upload", upload(10 * 25 * MIB)),
  limit("POST", "Imports/Users", upload(5 * 5 * MIB)),
  limit("POST", "Imports/Teams", upload(5 * 5 * MIB)),
  limit("POST", "Imports/Data", upload(5 * 5 * MIB)),
  limit("POST", "Admin/HelpCenter", MIB),
  limit("PUT", "Admin/HelpCenter/*", MIB),
  limit("POST", "Admin/QueryTool", 512 * KIB),
  limit("PUT", "Admin/QueryTool/*", 512 * KIB),
  limit("POST", "Admin/SystemMedia/Upload", upload(10 * MIB)),
  limit("POST", "Admin/PackageManager/Upload", upload(200 * MIB)),
  limit("POST", "Admin/IpDatabaseUpdates/Upload", upload(64 * MIB)),
];

/** The compiled product policy. */
export function productRelayPolicy(): RelayPolicy {
  return compileRelayPolicy(RELAYED_FAMILIES, RELAY_BODY_LIMITS, RELAY_DEFAULT_MAX_BODY_BYTES);
}
