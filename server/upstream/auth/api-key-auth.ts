/**
 * API keys as credentials of the application API: a key issued at /api (§2.2 Account) must
 * authenticate, or issuing it would mean nothing. A programmatic client sends `Authorization:
 * Bearer tsk_…` — the same header as a session token, told apart by the `tsk_` prefix; keys are
 * never read from a URL or another header. The key acts as the member who created it, with that member's current role
 * permissions and the account's current subscription (keys carry no scope of their own), never as
 * staff and never with admin permissions. Unknown, revoked and expired keys, a deleted creator and
 * a disabled user or account all answer 401; an account whose subscription no longer includes
 * IntegrationAPI answers 403. Calls that manage sessions, credentials or API keys themselves refuse
 * keys (403 ApiKeyNotAllowed), so a leaked key cannot mint keys or change the password.
 */
import type { FastifyRequest } from "fastify";
import type { UpstreamContext } from "../context.ts";
import { forbidden, unauthorized } from "../http/errors.ts";
import { featureIncluded } from "../identity/features.ts";
import { parsePermissionString, type RolePermissions } from "../identity/permission-string.ts";
import { hashToken } from "../identity/secrets.ts";
import type { Caller } from "./session-service.ts";

/** Every key secret starts with this, so leaked keys are easy to recognise and scan for. */
export const API_KEY_PREFIX = "tsk_";

/** A key's last use is written at most this often, to spare the store a write per request. */
export const API_KEY_TOUCH_INTERVAL_MS = 60_000;

/** `Bearer tsk_` followed by the 43 base64url characters of the secret. */
const API_KEY_BEARER = new RegExp(`^Bearer (${API_KEY_PREFIX}[A-Za-z0-9_-]{43})$`);

/** Routes (as registered, case-insensitive) that a key may not call: sessions, credentials, keys. */
const SESSION_ONLY_ROUTES =
  /^\/api\/(?:Logout|Login\/|v2\/User\/|User\/|ApiKeys(?:\/|$)|Admin\/Users\/[^/]+\/ImpersonationToken|Admin\/Users\/Impersonate)/i;

/** True when the Authorization header carries an API key (well-formed or not) rather than a session. */
export function isApiKeyAuthorization(header: string): boolean {
  return header.startsWith(`Bearer ${API_KEY_PREFIX}`);
}

/** The caller an API key authenticates, or the 401/403 it earns. */
export async function authenticateApiKey(context: UpstreamContext, request: FastifyRequest): Promise<Caller> {
  const secret = API_KEY_BEARER.exec(request.headers.authorization ?? "")?.[1];
  if (!secret) throw unauthorized("InvalidApiKey", "The API key is not valid.");
  const now = context.now();
  const resolved = await context.store.content.apiKeys.resolve(hashToken(secret), now);
  if (!resolved) throw unauthorized("InvalidApiKey", "The API key is unknown, expired or revoked.");
  const { store } = context;
  const user = await store.users.get(resolved.accountId, resolved.userId);
  const account = await store.accounts.get(resolved.accountId);
  if (!user || !account || user.disabled || account.disabled)
    throw unauthorized("AccountDisabled", "The user or the account is disabled.");
  if (SESSION_ONLY_ROUTES.test(request.routeOptions.url ?? ""))
    throw forbidden("ApiKeyNotAllowed", "This call cannot be made with an API key; sign in instead.");
  const { features } = await store.accounts.subscription(account.recId);
  if (!featureIncluded(features, "IntegrationAPI"))
    throw forbidden("FeatureNotIncluded", "The subscription does not include IntegrationAPI.");
  const role = user.roleId === null ? undefined : await store.roles.get(account.recId, user.roleId);
  const parsed = role ? parsePermissionString(role.permissions) : undefined;
  const permissions: RolePermissions = parsed?.ok ? parsed.permissions : new Map();
  const { key } = resolved;
  if (key.lastUsedAt === null || now - key.lastUsedAt >= API_KEY_TOUCH_INTERVAL_MS)
    await store.content.apiKeys.touch(account.recId, key.recId, now);
  return {
    // Not a session: id 0 names none, and the routes that work on the session refuse keys above.
    session: {
      id: 0,
      accountId: account.recId,
      userId: user.recId,
      impersonatorAccountId: null,
      impersonatorUserId: null,
      impersonatorSessionId: null,
      createdAt: key.createdAt,
      lastSeenAt: now,
      expiresAt: key.expiresAt ?? Number.MAX_SAFE_INTEGER,
      revokedAt: null,
      endedBy: null,
      readOnly: false,
    },
    user,
    account,
    permissions,
    features,
    adminPermissions: new Map(),
    isStaff: false,
    impersonator: null,
  };
}
