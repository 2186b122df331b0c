/**
 * The account screens' resources (§2.2 Account and Support: /api, /usagemetrics, /managedaccounts,
 * /projects), registered together: API keys, usage metrics, managed accounts and projects.
 *
 * Managed accounts (role permission ManagedAccounts at r) live here: the accounts the caller's
 * account manages — those whose parent it is — with their plan and size. Any other account, the
 * caller's own parent included, is 404 like a missing one.
 */
import type { FastifyInstance } from "fastify";
import type { UpstreamContext } from "../context.ts";
import { isoTime } from "../folders/list-query.ts";
import { notFound } from "../http/errors.ts";
import { callerOf, type Guards } from "../http/guards.ts";
import { recIdParams } from "../http/schemas.ts";
import type { ManagedAccountRecord } from "../store/types/account-resources.ts";
import { registerApiKeyRoutes } from "./api-keys-routes.ts";
import { registerProjectRoutes } from "./projects-routes.ts";
import { registerUsageRoutes } from "./usage-routes.ts";

/** A managed account as the API returns it. */
export function managedAccountBody(account: ManagedAccountRecord) {
  return {
    RecId: account.recId,
    Name: account.name,
    Domain: account.domain,
    SubscriptionType: account.subscriptionType,
    Disabled: account.disabled,
    CreatedAt: isoTime(account.createdAt),
    UserCount: account.userCount,
    ObjectCount: account.objectCount,
  };
}

/** Registers the managed account routes under the application base. */
export function registerManagedAccountRoutes(
  api: FastifyInstance,
  context: UpstreamContext,
  guards: Guards,
): void {
  const { managedAccounts } = context.store.content;
  const read = [guards.session, guards.permission("ManagedAccounts", "r")];

  api.get("/ManagedAccounts", { onRequest: read }, async (request) =>
    (await managedAccounts.list(callerOf(request).account.recId)).map(managedAccountBody),
  );

  api.get(
    "/ManagedAccounts/:recId",
    { onRequest: read, schema: { params: recIdParams } },
    async (request) => {
      const { recId } = request.params as { recId: number };
      const account = await managedAccounts.get(callerOf(request).account.recId, recId);
      if (!account) throw notFound("Account");
      return managedAccountBody(account);
    },
  );
}

/** Registers every account-screen route under the application base. */
export function registerAccountAdminRoutes(
  api: FastifyInstance,
  context: UpstreamContext,
  guards: Guards,
): void {
  registerApiKeyRoutes(api, context, guards);
  registerUsageRoutes(api, context, guards);
  registerManagedAccountRoutes(api, context, guards);
  registerProjectRoutes(api, context, guards);
}
