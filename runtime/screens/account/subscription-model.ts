/**
 * Billing and subscription (§2.2 /subscription/{screenTab?}): the features of the subscription
 * with their availability from the session (§3, §6: Included or Optional), and invoices, which
 * open at the user's domain path invoice/{invoiceNumber} (§7) — through the gateway, under the
 * application base.
 */
import type { FeatureAvailability } from "../../../core/access/access-profile.ts";
import { apiUrl } from "../../http/api-client.ts";

/** The tabs of the screen, in order. */
export const SUBSCRIPTION_TABS = ["plan", "features", "invoices"] as const;

/** One feature row. */
export interface FeatureRow {
  id: string;
  titleKey: string;
  availability: FeatureAvailability;
}

/** Every feature of the catalogue with its availability; a feature the session does not name is Optional (§6). */
export function featureRows(
  catalogue: ReadonlyArray<{ id: string; titleKey: string }>,
  features: ReadonlyMap<string, FeatureAvailability>,
): FeatureRow[] {
  return catalogue.map((feature) => ({
    id: feature.id,
    titleKey: feature.titleKey,
    availability: features.get(feature.id) === "Included" ? "Included" : "Optional",
  }));
}

/** Counts of included and optional features. */
export function featureSummary(rows: readonly FeatureRow[]): { included: number; total: number } {
  return { included: rows.filter((row) => row.availability === "Included").length, total: rows.length };
}

/** An invoice number as the upstream writes them (letters, digits and dashes). */
const INVOICE_NUMBER = /^[A-Za-z0-9][A-Za-z0-9-]{0,39}$/;

/** §5 custom rule of the invoice number field. */
export function invoiceNumberError(value: string): string | null {
  return value.trim() === "" || INVOICE_NUMBER.test(value.trim())
    ? null
    : "Subscription_InvoiceNumberInvalid";
}

/** §7: the invoice at the user's domain path invoice/{invoiceNumber}, reached through the gateway. */
export function invoiceUrl(invoiceNumber: string): string {
  return apiUrl("app", `invoice/${encodeURIComponent(invoiceNumber.trim())}`);
}
