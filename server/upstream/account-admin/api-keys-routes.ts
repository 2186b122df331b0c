/**
 * API keys (§2.2 /api; role permission API, feature IntegrationAPI): list, create — the secret is
 * shown once, in the create response, and only its SHA-256 is stored — and revoke (the key stays
 * listed as revoked). Creating and revoking are audited. Clients authenticate with a key as
 * `Authorization: Bearer tsk_…` (auth/api-key-auth.ts); each use sets LastUsedAt.
 */
import type { FastifyInstance } from "fastify";
import { singleLineText } from "../../../schemas/text-rules.ts";
import { actingUser, audit } from "../admin/audit.ts";
import { API_KEY_PREFIX } from "../auth/api-key-auth.ts";
import type { UpstreamContext } from "../context.ts";
import { isoTime, nonBlank } from "../folders/list-query.ts";
import { conflict, notFound } from "../http/errors.ts";
import { callerOf, type Guards } from "../http/guards.ts";
import { recIdParams } from "../http/schemas.ts";
import { generateToken, hashToken } from "../identity/secrets.ts";
import type { ApiKeyRecord } from "../store/types/account-resources.ts";

/** Longest lifetime a key may be given, in days. */
export const MAX_API_KEY_DAYS = 3650;

const createBody = {
  type: "object",
  properties: {
    Name: {
      ...singleLineText,
      minLength: 1,
      maxLength: 120,
      description: "What the key is for.",
    },
    ExpiresInDays: {
      type: "integer",
      minimum: 1,
      maximum: MAX_API_KEY_DAYS,
      description: "Days until the key expires; never when absent.",
    },
  },
  required: ["Name"],
  additionalProperties: false,
} as const;

/** A key as lists return it (never the secret). */
export function apiKeyBody(key: ApiKeyRecord, now: number) {
  return {
    RecId: key.recId,
    Name: key.name,
    Prefix: key.prefix,
    CreatedByFullName: key.createdByFullName,
    CreatedAt: isoTime(key.createdAt),
    ExpiresAt: isoTime(key.expiresAt),
    LastUsedAt: isoTime(key.lastUsedAt),
    RevokedAt: isoTime(key.revokedAt),
    Status:
      key.revokedAt !== null
        ? "Revoked"
        : key.expiresAt !== null && key.expiresAt <= now
          ? "Expired"
          : "Active",
  };
}

/** Registers the API key routes under the application base. */
export function registerApiKeyRoutes(api: FastifyInstance, context: UpstreamContext, guards: Guards): void {
  const { apiKeys } = context.store.content;
  const gate = [guards.session, guards.feature("IntegrationAPI")];
  const read = [...gate, guards.permission("API", "r")];
  const write = [...gate, guards.permission("API", "rw")];

  api.get("/ApiKeys", { onRequest: read }, async (request) => {
    const now = context.now();
    return (await apiKeys.list(callerOf(request).account.recId)).map((key) => apiKeyBody(key, now));
  });

  api.post("/ApiKeys", { onRequest: write, schema: { body: createBody } }, async (request, reply) => {
    const caller = callerOf(request);
    const body = request.body as { Name: string; ExpiresInDays?: number };
    const now = context.now();
    const secret = `${API_KEY_PREFIX}${generateToken()}`;
    const key = await apiKeys.create(
      caller.account.recId,
      {
        name: nonBlank(body.Name, "key name"),
        prefix: secret.slice(0, API_KEY_PREFIX.length + 6),
        secretHash: hashToken(secret),
        createdByUserId: caller.user.recId,
        expiresAt: body.ExpiresInDays === undefined ? null : now + body.ExpiresInDays * 86_400_000,
      },
      now,
    );
    await audit(context, {
      action: "ApiKeyCreated",
      message: `API key ${key.name} created.`,
      actor: actingUser(caller),
      details: { apiKeyId: key.recId, prefix: key.prefix },
    });
    // The only time the secret leaves the service.
    return reply.status(201).send({ ...apiKeyBody(key, now), Secret: secret });
  });

  api.delete("/ApiKeys/:recId", { onRequest: write, schema: { params: recIdParams } }, async (request) => {
    const caller = callerOf(request);
    const { recId } = request.params as { recId: number };
    const key = await apiKeys.revoke(caller.account.recId, recId, caller.user.recId, context.now());
    if (key === "notFound") throw notFound("API key");
    if (key === "revoked") throw conflict("ApiKeyRevoked", "The API key is already revoked.");
    await audit(context, {
      action: "ApiKeyRevoked",
      message: `API key ${key.name} revoked.`,
      actor: actingUser(caller),
      details: { apiKeyId: key.recId, prefix: key.prefix },
    });
    return apiKeyBody(key, context.now());
  });
}
