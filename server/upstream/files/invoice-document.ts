/** The invoice PDF behind `invoice/{invoiceNumber}` (§7). */
import type { AccountRecord } from "../store/records.ts";
import type { InvoiceRecord } from "../store/records-content.ts";
import { type PdfLine, renderPdf } from "./pdf.ts";

function money(cents: number, currency: string): string {
  return `${currency} ${(cents / 100).toFixed(2)}`;
}

function day(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

/** Renders an invoice of an account as a PDF. */
export function renderInvoicePdf(invoice: InvoiceRecord, account: AccountRecord): Buffer {
  const lines: PdfLine[] = [
    { text: "Invoice", x: 50, y: 70, size: 22, bold: true },
    { text: `Number: ${invoice.number}`, x: 50, y: 110 },
    { text: `Issued: ${day(invoice.issuedAt)}`, x: 50, y: 126 },
    { text: `Due: ${day(invoice.dueAt)}`, x: 50, y: 142 },
    { text: `Status: ${invoice.status}`, x: 50, y: 158 },
    { text: "Billed to", x: 330, y: 110, bold: true },
    { text: account.name, x: 330, y: 126 },
    { text: `Domain: ${account.domain}`, x: 330, y: 142 },
    { text: "Description", x: 50, y: 200, bold: true },
    { text: "Qty", x: 340, y: 200, bold: true },
    { text: "Unit price", x: 390, y: 200, bold: true },
    { text: "Amount", x: 480, y: 200, bold: true },
  ];
  invoice.lines.forEach((line, index) => {
    const y = 220 + index * 16;
    lines.push(
      { text: line.Description, x: 50, y },
      { text: String(line.Quantity), x: 340, y },
      { text: money(line.UnitPriceCents, invoice.currency), x: 390, y },
      { text: money(line.Quantity * line.UnitPriceCents, invoice.currency), x: 480, y },
    );
  });
  lines.push({
    text: `Total: ${money(invoice.totalCents, invoice.currency)}`,
    x: 390,
    y: 240 + invoice.lines.length * 16,
    bold: true,
    size: 12,
  });
  return renderPdf(lines, `Invoice ${invoice.number}`);
}
