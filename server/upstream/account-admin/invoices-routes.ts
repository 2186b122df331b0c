/**
 * Invoices of the caller's own account (/subscription, §2.2 Account; permission
 * BillingAndSubscription at r), newest first, a page at a time. Each invoice downloads at the §7
 * path invoice/{InvoiceNumber} (files/routes.ts), which checks the same permission and account.
 */
import type { FastifyInstance } from "fastify";
import type { UpstreamContext } from "../context.ts";
import { pageBody } from "../folders/list-query.ts";
import { callerOf, type Guards } from "../http/guards.ts";
import { invoiceBody, invoiceListQuery } from "./bodies.ts";

/** Registers the member invoice list under the application base. */
export function registerInvoiceListRoutes(
  api: FastifyInstance,
  context: UpstreamContext,
  guards: Guards,
): void {
  const read = [guards.session, guards.permission("BillingAndSubscription", "r")];

  api.get("/Invoices", { onRequest: read, schema: { querystring: invoiceListQuery } }, async (request) => {
    const query = request.query as { page: number; pageSize: number };
    const page = await context.store.people.listInvoices(callerOf(request).account.recId, {
      offset: (query.page - 1) * query.pageSize,
      limit: query.pageSize,
    });
    return pageBody(page, invoiceBody);
  });
}
