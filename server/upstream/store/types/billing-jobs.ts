/**
 * Store family of the billing events' producers (§4.3): connector use and deprecation. Same rules as
 * ./identity.ts: async, atomic per method, every account-data method takes the caller's account id.
 */
import type { InvoiceRecord } from "../records-content.ts";

/** A connection named by a connector change, with its account. */
export interface ConnectionUse {
  accountId: number;
  recId: number;
  name: string;
  ownerUserId: number | null;
}

/** Staff-side changes behind the account events of §4.3. */
export interface BillingJobStoreFamily {
  /** Issues the next numbered invoice of the account's plan (Due). */
  issueInvoiceForAdmin(
    accountId: number,
    now: number,
    dueInMs: number,
  ): Promise<InvoiceRecord | "accountNotFound" | "noPlan">;
  /** Marks a Due invoice Failed. */
  failPaymentForAdmin(invoiceNumber: string): Promise<InvoiceRecord | "notFound" | "notDue">;
  /** Whether an active subscription template has this subscription type. */
  subscriptionTypeExists(subscriptionType: string): Promise<boolean>;
  /** Marks a catalogue connector Deprecated; returns the live connections using it, in every account. */
  deprecateConnectorForAdmin(
    code: string,
    now: number,
  ): Promise<ConnectionUse[] | "notFound" | "alreadyDeprecated">;
}
