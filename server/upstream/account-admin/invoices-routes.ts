/**
 * Invoices of the caller's own account (/subscription, §2.2 Account; permission
 * BillingAndSubscription at r), newest first, a page at a time. Each invoice downloads at the §7
 * path invoice/{InvoiceNumber} (files/routes.ts), which checks the same permission and account.
 */
import type { FastifyInstance } from "fastify";
import type { UpstreamContext } from "../context.ts";
import { listQueryProperties, pageBody } from "../folders/list-query.ts";
import { callerOf, type Guards } from "../http/guards.ts";
import type { InvoiceRecord } from "../store/records-content.ts";

/** GET Invoices: paging only; the order is always newest first. */
export const invoiceListQuery = {
  type: "object",
  properties: {
    page: listQueryProperties([], "").page,
    pageSize: listQueryProperties([], "").pageSize,
  },
  additionalProperties: false,
} as const;

/**
 * An invoice of the list: the fields of the staff invoice calls (jobs/admin-routes.ts) without the
 * lines; the PDF opens at the §7 path invoice/{InvoiceNumber}.
 */
export function invoiceBody(invoice: InvoiceRecord) {
  return {
    RecId: invoice.recId,
    InvoiceNumber: invoice.number,
    Status: invoice.status,
    IssuedAt: new Date(invoice.issuedAt).toISOString(),
    DueAt: new Date(invoice.dueAt).toISOString(),
    Currency: invoice.currency,
    Total: invoice.totalCents / 100,
    DownloadPath: `invoice/${encodeURIComponent(invoice.number)}`,
  };
}

/** Registers the member invoice list under the application base. */
export function registerInvoiceListRoutes(
  api: FastifyInstance,
  context: UpstreamContext,
  guards: Guards,
): void {
  const read = [guards.session, guards.permission("BillingAndSubscription", "r")];

  api.get("/Invoices", { onRequest: read, schema: { querystring: invoiceListQuery } }, async (request) => {
    const query = request.query as { page: number; pageSize: number };
    const page = await context.store.invoices.listPage(callerOf(request).account.recId, {
      offset: (query.page - 1) * query.pageSize,
      limit: query.pageSize,
    });
    return pageBody(page, invoiceBody);
  });
}
