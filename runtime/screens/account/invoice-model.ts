/**
 * The account's invoices (GET Invoices, newest first; server/upstream/people/invoices-routes.ts):
 * their shape, the status tones and the amounts in the user's language. Each invoice downloads at
 * the §7 path invoice/{InvoiceNumber} through the gateway (subscription-model.ts invoiceUrl). Pure.
 */
import type { Tone } from "../work/common/list-parts.tsx";

/** An invoice's state. */
export type InvoiceStatus = "Due" | "Paid" | "Failed" | "Void";

/** An invoice as the list returns it. */
export interface InvoiceSummary {
  RecId: number;
  InvoiceNumber: string;
  Status: InvoiceStatus;
  IssuedAt: string;
  DueAt: string;
  Currency: string;
  /** In the currency's main unit (e.g. 49.5 EUR). */
  Total: number;
  DownloadPath: string;
}

/** Invoices per page of the subscription screen. */
export const INVOICE_PAGE_SIZE = 10;

/** The badge tone of a status (the text always says it too). */
export function invoiceTone(status: InvoiceStatus): Tone {
  return ({ Due: "warning", Paid: "success", Failed: "danger", Void: "neutral" } as const)[status];
}

/** An amount such as "€49.50"; an unknown currency code shows as "49.50 XYZ". */
export function formatMoney(total: number, currency: string, locale: string): string {
  try {
    return new Intl.NumberFormat(locale, { style: "currency", currency }).format(total);
  } catch {
    const amount = new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    return `${amount.format(total)} ${currency}`;
  }
}
