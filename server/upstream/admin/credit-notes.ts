/**
 * /admin/creditnotes (§2.4): credit against an account's real invoice — same account, same
 * currency, and never more than the invoice's total over its notes that are not void. A draft is
 * edited or deleted; issuing gives it a yearly number (CN-2025-0001); an issued note is refunded or
 * voided, and downloads as a PDF.
 */
import type { FastifyInstance } from "fastify";
import type { UpstreamContext } from "../context.ts";
import { type PdfLine, renderPdf } from "../files/pdf.ts";
import { badRequest, conflict, notFound } from "../http/errors.ts";
import type { Guards } from "../http/guards.ts";
import type { AdminRow } from "../store/types/admin-records.ts";
import { CURRENCY } from "./billing.ts";
import { date, longText, number, oneOf, ref, text } from "./fields.ts";
import type { AdminResource } from "./resource.ts";
import { accountNameJoin, adminCall, CREATED_MODIFIED, keyParams, stamps } from "./resource-kit.ts";
import { registerAdminResource } from "./resource-routes.ts";

const CREDIT_STATUSES = ["Draft", "Issued", "Refunded", "Void"] as const;

/** /admin/creditnotes. */
export const creditNotes: AdminResource = {
  path: "CreditNotes",
  module: "CreditNotes",
  noun: "Credit note",
  spec: {
    table: "credit_notes",
    from: `credit_notes t ${accountNameJoin("t.account_id")} LEFT JOIN users cb ON cb.id = t.created_by_user_id`,
    key: "id",
    keyType: "int",
    keyField: "RecId",
    defaultOrder: "t.issued_at DESC",
    columns: {
      RecId: { sql: "t.id", type: "int", sort: true },
      Number: { sql: "t.number", type: "text", search: true, sort: true },
      AccountRecId: { sql: "t.account_id", type: "int", write: "account_id" },
      AccountName: { sql: "a.name", type: "text", search: true, sort: true },
      InvoiceNumber: {
        sql: "t.invoice_number",
        type: "text",
        write: "invoice_number",
        search: true,
        sort: true,
      },
      Amount: { sql: "t.amount_cents", type: "cents", write: "amount_cents", sort: true },
      Currency: { sql: "t.currency", type: "text", write: "currency" },
      Reason: { sql: "t.reason", type: "text", write: "reason", search: true },
      Status: { sql: "t.status", type: "text", sort: true },
      IssuedAt: { sql: "t.issued_at", type: "datetime", sort: true },
      CreatedByName: { sql: "cb.full_name", type: "text" },
      ...CREATED_MODIFIED,
    },
    filters: {
      Status: { sql: "t.status", type: "text", op: "eq" },
      AccountRecId: { sql: "t.account_id", type: "int", op: "eq" },
      IssuedFrom: { sql: "t.issued_at", type: "datetime", op: "from" },
      IssuedTo: { sql: "t.issued_at", type: "datetime", op: "to" },
    },
    ...stamps({ status: "'Draft'", created_by_user_id: "@actor" }),
    updateWhen: "t.status = 'Draft'",
    deleteWhen: "t.status = 'Draft'",
  },
  fields: {
    AccountRecId: { schema: ref("Account."), required: true, createOnly: true },
    InvoiceNumber: { schema: text(40), required: true, createOnly: true },
    Amount: { schema: number(0.01, 1e9), required: true },
    Currency: { schema: text(3, CURRENCY), required: true },
    Reason: { schema: longText(1000), required: true },
  },
  filters: { Status: oneOf(CREDIT_STATUSES), AccountRecId: ref(), IssuedFrom: date(), IssuedTo: date() },
  create: true,
  update: true,
  remove: {},
  export: true,
  refused: {
    update: "Only draft credit notes can be edited.",
    delete: "Only draft credit notes can be deleted.",
  },
  transitions: [
    {
      name: "Issue",
      change: {
        when: "t.status = 'Draft'",
        // Numbers run per year: CN-2025-0001, … (assigned when issued, never reused).
        set: {
          status: "'Issued'",
          issued_at: "@now",
          number: `'CN-' || strftime('%Y', @now / 1000, 'unixepoch') || '-' || printf('%04d',
            (SELECT COUNT(*) + 1 FROM credit_notes c WHERE c.number LIKE 'CN-' || strftime('%Y', @now / 1000, 'unixepoch') || '-%'))`,
          modified_at: "@now",
        },
      },
      refused: "Only draft credit notes can be issued.",
    },
    {
      name: "MarkRefunded",
      change: { when: "t.status = 'Issued'", set: { status: "'Refunded'", modified_at: "@now" } },
      refused: "Only issued credit notes can be marked refunded.",
    },
    {
      name: "Void",
      change: { when: "t.status = 'Issued'", set: { status: "'Void'", modified_at: "@now" } },
      refused: "Only issued credit notes can be voided.",
    },
  ],
  prepare: async (values, current, call) => {
    const accountId = (values.AccountRecId ?? current?.AccountRecId) as number;
    const number = (values.InvoiceNumber ?? current?.InvoiceNumber) as string;
    const invoice = await call.context.store.invoices.getByNumber(accountId, number);
    if (!invoice) throw badRequest("InvalidReference", "The account has no invoice with this number.");
    const currency = (values.Currency ?? current?.Currency) as string;
    if (currency !== invoice.currency) {
      throw badRequest(
        "InvalidRequest",
        `The invoice is in ${invoice.currency}; credit it in the same currency.`,
      );
    }
    // The credit of an invoice (drafts and issued notes, not voided ones) never exceeds its total.
    const { items } = await call.context.store.admin.records.list(
      creditNotes.spec,
      { limit: 500, offset: 0, filters: { AccountRecId: accountId } },
      call.at,
    );
    const credited = items
      .filter(
        (row) =>
          row.InvoiceNumber === invoice.number && row.Status !== "Void" && row.RecId !== current?.RecId,
      )
      .reduce((sum, row) => sum + Math.round((row.Amount as number) * 100), 0);
    const amount = Math.round(((values.Amount ?? current?.Amount) as number) * 100);
    if (credited + amount > invoice.totalCents) {
      throw conflict("CreditExceedsInvoice", "The credit notes of this invoice would exceed its total.");
    }
    return values;
  },
};

/** Registers /admin/creditnotes. */
export function registerCreditNoteRoutes(
  api: FastifyInstance,
  context: UpstreamContext,
  guards: Guards,
): void {
  registerAdminResource(api, context, guards, creditNotes);
  const records = context.store.admin.records;
  const params = keyParams("int");

  api.get(
    "/Admin/CreditNotes/:key/Pdf",
    { onRequest: [guards.session, guards.admin("CreditNotes", "Read")], schema: { params } },
    async (request, reply) => {
      const call = adminCall(request, context);
      const note = await records.get(creditNotes.spec, (request.params as { key: number }).key, call.at);
      if (!note) throw notFound("Credit note");
      if (note.Status === "Draft")
        throw conflict("Conflict", "A draft credit note has no document yet: issue it first.");
      const pdf = renderCreditNotePdf(note);
      return reply
        .type("application/pdf")
        .header("Content-Disposition", `attachment; filename="${String(note.Number)}.pdf"`)
        .send(pdf);
    },
  );
}

/** Characters per line of the wrapped reason. */
const REASON_WIDTH = 90;

/** Splits text into lines of at most `width` characters at spaces. */
export function wrapText(text: string, width: number): string[] {
  const lines: string[] = [];
  for (const paragraph of text.split(/\r?\n/)) {
    let line = "";
    for (const word of paragraph.split(/\s+/).filter(Boolean)) {
      if (line && line.length + word.length + 1 > width) {
        lines.push(line);
        line = "";
      }
      line = line ? `${line} ${word}` : word.slice(0, width);
    }
    lines.push(line);
  }
  return lines;
}

/** Renders an issued (or refunded, voided) credit note as a PDF. */
export function renderCreditNotePdf(note: AdminRow): Buffer {
  const amount = `${String(note.Currency)} ${Number(note.Amount).toFixed(2)}`;
  const issued = typeof note.IssuedAt === "string" ? note.IssuedAt.slice(0, 10) : "";
  const lines: PdfLine[] = [
    { text: "Credit note", x: 50, y: 70, size: 22, bold: true },
    { text: `Number: ${String(note.Number)}`, x: 50, y: 110 },
    { text: `Issued: ${issued}`, x: 50, y: 126 },
    { text: `Status: ${String(note.Status)}`, x: 50, y: 142 },
    { text: `Credits invoice: ${String(note.InvoiceNumber)}`, x: 50, y: 158 },
    { text: "Credited to", x: 330, y: 110, bold: true },
    { text: String(note.AccountName ?? ""), x: 330, y: 126 },
    { text: "Reason", x: 50, y: 200, bold: true },
  ];
  wrapText(String(note.Reason ?? ""), REASON_WIDTH)
    .slice(0, 30)
    .forEach((text, index) => {
      lines.push({ text, x: 50, y: 218 + index * 14 });
    });
  lines.push({ text: `Amount credited: ${amount}`, x: 330, y: 700, bold: true, size: 12 });
  return renderPdf(lines, `Credit note ${String(note.Number)}`);
}
