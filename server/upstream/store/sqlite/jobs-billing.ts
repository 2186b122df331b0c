/**
 * The staff-side changes behind the account events of §4.3, in SQLite: issuing an account's next
 * invoice from its subscription plan (the subscription templates and the admin_accounts view of
 * migration 8), marking a payment failed, and deprecating a catalogue connector. These are staff
 * operations across accounts (`…ForAdmin`); routes call them only after the admin module check.
 */
import type { SqliteDatabase } from "../database.ts";
import { invoiceFromRow, invoicePrefix, nextInvoiceNumber, planInvoiceLines, type Row } from "../job-rows.ts";
import type { BillingJobStoreFamily, ConnectionUse } from "../types/billing-jobs.ts";

/** The numbers already issued with a year's prefix. */
function issuedNumbers(db: SqliteDatabase, year: number): string[] {
  const rows = db
    .prepare("SELECT number FROM invoices WHERE number LIKE ?")
    .all(`${invoicePrefix(year)}%`) as {
    number: string;
  }[];
  return rows.map((row) => row.number);
}

/** Billing and connector changes in SQLite. */
export class SqliteBillingJobStore implements BillingJobStoreFamily {
  constructor(private readonly db: SqliteDatabase) {}

  async issueInvoiceForAdmin(accountId: number, now: number, dueInMs: number) {
    return this.db.transaction(() => {
      const account = this.db.prepare("SELECT template_id FROM admin_accounts WHERE id = ?").get(accountId) as
        | { template_id: number | null }
        | undefined;
      if (!account) return "accountNotFound" as const;
      const plan = this.db
        .prepare("SELECT name, currency, monthly_price_cents FROM subscription_templates WHERE id = ?")
        .get(account.template_id) as
        | { name: string; currency: string; monthly_price_cents: number }
        | undefined;
      if (!plan || plan.monthly_price_cents <= 0) return "noPlan" as const;
      const lines = planInvoiceLines(plan, now);
      const year = new Date(now).getUTCFullYear();
      const row = this.db
        .prepare(
          `INSERT INTO invoices (account_id, number, issued_at, due_at, status, currency, total_cents, lines)
           VALUES (?, ?, ?, ?, 'Due', ?, ?, ?) RETURNING *`,
        )
        .get(
          accountId,
          nextInvoiceNumber(year, issuedNumbers(this.db, year)),
          now,
          now + dueInMs,
          plan.currency,
          plan.monthly_price_cents,
          JSON.stringify(lines),
        );
      return invoiceFromRow(row as Row);
    })();
  }

  async failPaymentForAdmin(invoiceNumber: string) {
    return this.db.transaction(() => {
      const row = this.db.prepare("SELECT * FROM invoices WHERE number = ?").get(invoiceNumber) as
        | Row
        | undefined;
      if (!row) return "notFound" as const;
      if (row.status !== "Due") return "notDue" as const;
      const updated = this.db
        .prepare("UPDATE invoices SET status = 'Failed' WHERE id = ? RETURNING *")
        .get(row.id);
      return invoiceFromRow(updated as Row);
    })();
  }

  async subscriptionTypeExists(subscriptionType: string) {
    return (
      this.db
        .prepare("SELECT 1 FROM subscription_templates WHERE subscription_type = ? AND is_active = 1")
        .get(subscriptionType) !== undefined
    );
  }

  async deprecateConnectorForAdmin(code: string, now: number) {
    return this.db.transaction(() => {
      const connector = this.db.prepare("SELECT status FROM connectors WHERE code = ?").get(code) as
        | { status: string }
        | undefined;
      if (!connector) return "notFound" as const;
      if (connector.status === "Deprecated") return "alreadyDeprecated" as const;
      this.db
        .prepare("UPDATE connectors SET status = 'Deprecated', modified_at = ? WHERE code = ?")
        .run(now, code);
      const rows = this.db
        .prepare(
          `SELECT id, account_id, name, owner_user_id FROM objects WHERE type = 'DataConnection' AND deleted_at IS NULL
             AND json_extract(properties, '$.ConnectorCode') = ? ORDER BY account_id, id`,
        )
        .all(code) as Row[];
      return rows.map(
        (row): ConnectionUse => ({
          accountId: row.account_id as number,
          recId: row.id as number,
          name: row.name as string,
          ownerUserId: (row.owner_user_id as number | null) ?? null,
        }),
      );
    })();
  }
}
