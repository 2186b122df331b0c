/**
 * The staff-side changes behind the account events of §4.3, in PostgreSQL (../sqlite/jobs-billing.ts):
 * issuing an account's next invoice from its subscription plan, marking a payment failed, and
 * deprecating a catalogue connector. Staff operations across accounts (`…ForAdmin`); routes call them
 * only after the admin module check.
 */
import { invoiceFromRow, invoicePrefix, nextInvoiceNumber, planInvoiceLines, type Row } from "../job-rows.ts";
import type { BillingJobStoreFamily, ConnectionUse } from "../types/billing-jobs.ts";
import { row, rows, run, type UpstreamDatabase } from "./database.ts";

/** Billing and connector changes in PostgreSQL. */
export class PostgresBillingJobStore implements BillingJobStoreFamily {
  constructor(private readonly db: UpstreamDatabase) {}

  async issueInvoiceForAdmin(accountId: number, now: number, dueInMs: number) {
    // SERIALIZABLE: two invoices issued at once read the same numbers; one runs again and takes the next.
    return this.db.transaction(async (tx) => {
      const account = await row<{ template_id: number | null }>(
        tx,
        "SELECT template_id FROM admin_accounts WHERE id = $1",
        [accountId],
      );
      if (!account) return "accountNotFound" as const;
      const plan = await row<{ name: string; currency: string; monthly_price_cents: number }>(
        tx,
        "SELECT name, currency, monthly_price_cents FROM subscription_templates WHERE id = $1",
        [account.template_id],
      );
      if (!plan || plan.monthly_price_cents <= 0) return "noPlan" as const;
      const year = new Date(now).getUTCFullYear();
      // `number` is nocase, which refuses LIKE: matched in byte order, ignoring case as SQLite's LIKE.
      const taken = await rows<{ number: string }>(
        tx,
        "SELECT number FROM invoices WHERE number COLLATE \"C\" ILIKE $1 ESCAPE '\\'",
        [`${invoicePrefix(year)}%`],
      );
      const inserted = await row<Row>(
        tx,
        `INSERT INTO invoices (account_id, number, issued_at, due_at, status, currency, total_cents, lines)
         VALUES ($1, $2, $3, $4, 'Due', $5, $6, $7) RETURNING *`,
        [
          accountId,
          nextInvoiceNumber(
            year,
            taken.map((entry) => entry.number),
          ),
          now,
          now + dueInMs,
          plan.currency,
          plan.monthly_price_cents,
          JSON.stringify(planInvoiceLines(plan, now)),
        ],
      );
      return invoiceFromRow(inserted as Row);
    });
  }

  async failPaymentForAdmin(invoiceNumber: string) {
    return this.db.transaction(async (tx) => {
      const found = await row<Row>(tx, "SELECT * FROM invoices WHERE number = $1", [invoiceNumber]);
      if (!found) return "notFound" as const;
      if (found.status !== "Due") return "notDue" as const;
      const updated = await row<Row>(tx, "UPDATE invoices SET status = 'Failed' WHERE id = $1 RETURNING *", [
        found.id as number,
      ]);
      return invoiceFromRow(updated as Row);
    });
  }

  async subscriptionTypeExists(subscriptionType: string) {
    const found = await row(
      this.db.pool,
      "SELECT 1 FROM subscription_templates WHERE subscription_type = $1 AND is_active",
      [subscriptionType],
    );
    return found !== undefined;
  }

  async deprecateConnectorForAdmin(code: string, now: number) {
    return this.db.transaction(async (tx) => {
      const connector = await row<{ status: string }>(tx, "SELECT status FROM connectors WHERE code = $1", [
        code,
      ]);
      if (!connector) return "notFound" as const;
      if (connector.status === "Deprecated") return "alreadyDeprecated" as const;
      await run(tx, "UPDATE connectors SET status = 'Deprecated', modified_at = $1 WHERE code = $2", [
        now,
        code,
      ]);
      // A JSON string equal to the code, as json_extract's text compares in SQLite (a number never is).
      const found = await rows<Row>(
        tx,
        `SELECT id, account_id, name, owner_user_id FROM objects WHERE type = 'DataConnection' AND deleted_at IS NULL
           AND properties::jsonb -> 'ConnectorCode' = to_jsonb($1::text) ORDER BY account_id, id`,
        [code],
      );
      return found.map(
        (entry): ConnectionUse => ({
          accountId: entry.account_id as number,
          recId: entry.id as number,
          name: entry.name as string,
          ownerUserId: (entry.owner_user_id as number | null) ?? null,
        }),
      );
    });
  }
}
