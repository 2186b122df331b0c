/**
 * Staff triggers of the account events of §4.3 (server/upstream/admin is another module; these are
 * the jobs area's own calls under /api/Admin/Jobs, each checking its admin module's Write, §6):
 * issue an account's next invoice (InvoiceReady to its billing users), fail an invoice's payment
 * (PaymentFailed), remind an account of a coming downgrade (SubscriptionDowngradeReminder), and
 * deprecate a catalogue connector (DeprecatedConnector to the owners of connections using it, in
 * every account — each told only about their own connections). Every call is audited.
 */
import type { FastifyInstance, FastifyRequest } from "fastify";
import { actingUser, audit } from "../admin/audit.ts";
import { badRequest, conflict, notFound } from "../http/errors.ts";
import { callerOf, type Guards } from "../http/guards.ts";
import { recIdSchema } from "../http/schemas.ts";
import {
  notifyConnectorEvent,
  notifyInvoiceReady,
  notifyPaymentFailed,
  notifySubscriptionDowngradeReminder,
} from "../notifications/account-events.ts";
import type { InvoiceRecord } from "../store/records-content.ts";
import type { JobRuntime } from "./runtime.ts";

/** An issued invoice is due this long after it was issued. */
export const INVOICE_DUE_MS = 14 * 24 * 3_600_000;

const accountBody = (extra: Record<string, object> = {}, required: string[] = []) =>
  ({
    type: "object",
    properties: { AccountRecId: { ...recIdSchema, description: "The account." }, ...extra },
    required: ["AccountRecId", ...required],
    additionalProperties: false,
  }) as const;
const subscriptionType = {
  type: "string",
  pattern: "^[A-Za-z][A-Za-z0-9_]{0,79}$",
  description: "The plan's subscription type.",
};
const invoiceParams = {
  type: "object",
  properties: {
    invoiceNumber: {
      type: "string",
      pattern: "^[A-Za-z0-9][A-Za-z0-9-]{0,39}$",
      description: "Invoice number.",
    },
  },
  required: ["invoiceNumber"],
  additionalProperties: false,
} as const;
const connectorParams = {
  type: "object",
  properties: {
    code: { type: "string", pattern: "^[A-Za-z][A-Za-z0-9_]{0,63}$", description: "Connector code." },
  },
  required: ["code"],
  additionalProperties: false,
} as const;

/** An invoice as these calls return it. */
function invoiceBody(invoice: InvoiceRecord) {
  return {
    InvoiceNumber: invoice.number,
    AccountRecId: invoice.accountId,
    Status: invoice.status,
    IssuedAt: new Date(invoice.issuedAt).toISOString(),
    DueAt: new Date(invoice.dueAt).toISOString(),
    Currency: invoice.currency,
    Total: invoice.totalCents / 100,
    Lines: invoice.lines,
  };
}

/** Registers the staff job triggers under the application base. */
export function registerAdminJobRoutes(api: FastifyInstance, runtime: JobRuntime, guards: Guards): void {
  const { context } = runtime;
  const { billing } = context.store.jobs;
  const logged = (
    request: FastifyRequest,
    action: string,
    message: string,
    details: Record<string, unknown>,
  ) => audit(context, { action, message, actor: actingUser(callerOf(request)), details });

  api.post(
    "/Admin/Jobs/Invoices",
    { onRequest: [guards.session, guards.admin("Invoices", "Write")], schema: { body: accountBody() } },
    async (request, reply) => {
      const { AccountRecId } = request.body as { AccountRecId: number };
      const invoice = await billing.issueInvoiceForAdmin(AccountRecId, context.now(), INVOICE_DUE_MS);
      if (invoice === "accountNotFound") throw notFound("Account");
      if (invoice === "noPlan")
        throw conflict("NoSubscriptionPlan", "The account has no paid plan to invoice.");
      const told = await notifyInvoiceReady(context, AccountRecId, invoice.number);
      await logged(request, "InvoiceIssued", `Invoice ${invoice.number} issued.`, {
        accountId: AccountRecId,
        notified: told.length,
      });
      return reply.status(201).send({ ...invoiceBody(invoice), Notified: told.length });
    },
  );

  api.post(
    "/Admin/Jobs/Payments/:invoiceNumber/Fail",
    { onRequest: [guards.session, guards.admin("Invoices", "Write")], schema: { params: invoiceParams } },
    async (request) => {
      const { invoiceNumber } = request.params as { invoiceNumber: string };
      const invoice = await billing.failPaymentForAdmin(invoiceNumber);
      if (invoice === "notFound") throw notFound("Invoice");
      if (invoice === "notDue")
        throw conflict("InvoiceNotDue", "Only the payment of a due invoice can fail.");
      const told = await notifyPaymentFailed(context, invoice.accountId, invoice.number);
      await logged(request, "PaymentFailed", `Payment of ${invoice.number} failed.`, {
        accountId: invoice.accountId,
      });
      return { ...invoiceBody(invoice), Notified: told.length };
    },
  );

  api.post(
    "/Admin/Jobs/DowngradeReminders",
    {
      onRequest: [guards.session, guards.admin("Accounts", "Write")],
      schema: { body: accountBody({ SubscriptionType: subscriptionType }, ["SubscriptionType"]) },
    },
    async (request) => {
      const body = request.body as { AccountRecId: number; SubscriptionType: string };
      if (!(await context.store.accounts.get(body.AccountRecId))) throw notFound("Account");
      const current = await context.store.accounts.subscription(body.AccountRecId);
      if (!(await billing.subscriptionTypeExists(body.SubscriptionType))) {
        throw badRequest(
          "InvalidReference",
          `No active plan has the subscription type ${body.SubscriptionType}.`,
        );
      }
      if (current.subscriptionType === body.SubscriptionType) {
        throw badRequest("InvalidRequest", `The account is already on ${body.SubscriptionType}.`);
      }
      const told = await notifySubscriptionDowngradeReminder(
        context,
        body.AccountRecId,
        body.SubscriptionType,
      );
      await logged(request, "DowngradeReminderSent", `Downgrade to ${body.SubscriptionType} announced.`, {
        accountId: body.AccountRecId,
        notified: told.length,
      });
      return {
        AccountRecId: body.AccountRecId,
        SubscriptionType: body.SubscriptionType,
        Notified: told.length,
      };
    },
  );

  api.post(
    "/Admin/Jobs/Connectors/:code/Deprecate",
    { onRequest: [guards.session, guards.admin("Connectors", "Write")], schema: { params: connectorParams } },
    async (request) => {
      const { code } = request.params as { code: string };
      const connections = await billing.deprecateConnectorForAdmin(code, context.now());
      if (connections === "notFound") throw notFound("Connector");
      if (connections === "alreadyDeprecated")
        throw conflict("ConnectorAlreadyDeprecated", "The connector is already deprecated.");
      let notified = 0;
      for (const connection of connections) {
        notified += (await notifyConnectorEvent(context, connection.accountId, "Deprecated", connection))
          .length;
      }
      await logged(request, "ConnectorDeprecated", `Connector ${code} deprecated.`, {
        connections: connections.length,
        notified,
      });
      return { ConnectorCode: code, Connections: connections.length, Notified: notified };
    },
  );
}
