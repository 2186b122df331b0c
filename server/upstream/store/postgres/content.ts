/** PostgreSQL implementation of objects, files, invoices and the connector result cache (../sqlite/content.ts). */
import { generateUid } from "../../identity/secrets.ts";
import type { FileRecord, InvoiceRecord } from "../records-content.ts";
import { fileFromRow, invoiceFromRow, objectFromRow } from "../sqlite/content.ts";
import type {
  DataCacheStoreFamily,
  FileStoreFamily,
  InvoiceStoreFamily,
  NewFileInput,
  ObjectStoreFamily,
} from "../types/objects-files.ts";
import { type Queryable, row, rows, run, type UpstreamDatabase } from "./database.ts";

export class PostgresObjectStore implements ObjectStoreFamily {
  constructor(private readonly db: UpstreamDatabase) {}

  async get(accountId: number, recId: number) {
    const found = await row<Record<string, unknown>>(
      this.db.pool,
      "SELECT * FROM objects WHERE account_id = $1 AND id = $2",
      [accountId, recId],
    );
    return found ? objectFromRow(found) : undefined;
  }

  async list(accountId: number, type: string) {
    const found = await rows<Record<string, unknown>>(
      this.db.pool,
      "SELECT * FROM objects WHERE account_id = $1 AND type = $2 AND deleted_at IS NULL ORDER BY name, id",
      [accountId, type],
    );
    return found.map(objectFromRow);
  }

  async create(
    accountId: number,
    input: { type: string; name: string; ownerUserId: number | null; properties?: Record<string, unknown> },
    now: number,
  ) {
    const inserted = await row<Record<string, unknown>>(
      this.db.pool,
      `INSERT INTO objects (uid, account_id, type, name, owner_user_id, properties, created_at, modified_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $7) RETURNING *`,
      [
        generateUid(),
        accountId,
        input.type,
        input.name,
        input.ownerUserId,
        JSON.stringify(input.properties ?? {}),
        now,
      ],
    );
    return objectFromRow(inserted as Record<string, unknown>);
  }

  async markDeleted(accountId: number, recId: number, now: number) {
    return (
      (await run(
        this.db.pool,
        "UPDATE objects SET deleted_at = $1 WHERE account_id = $2 AND id = $3 AND deleted_at IS NULL",
        [now, accountId, recId],
      )) === 1
    );
  }
}

const FILE_COLUMNS =
  "id, uid, account_id, owner_user_id, item_type, name, content_type, size, related_object_id, created_at, expires_at";

/** Inserts a file (on the caller's transaction, or alone). */
export async function insertFile(
  on: Queryable,
  accountId: number,
  input: NewFileInput,
  now: number,
): Promise<FileRecord> {
  const inserted = await row<Record<string, unknown>>(
    on,
    `INSERT INTO files (uid, account_id, owner_user_id, item_type, name, content_type, size, data, related_object_id,
       created_at, expires_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) RETURNING ${FILE_COLUMNS}`,
    [
      generateUid(),
      accountId,
      input.ownerUserId,
      input.itemType,
      input.name,
      input.contentType,
      input.data.length,
      input.data,
      input.relatedObjectId ?? null,
      now,
      input.expiresAt ?? null,
    ],
  );
  return fileFromRow(inserted as Record<string, unknown>);
}

/** Files in PostgreSQL (contents as BYTEA, so a file and its metadata are written in one step). */
export class PostgresFileStore implements FileStoreFamily {
  constructor(private readonly db: UpstreamDatabase) {}

  async create(accountId: number, input: NewFileInput, now: number) {
    return insertFile(this.db.pool, accountId, input, now);
  }

  async get(accountId: number, uid: string) {
    const found = await row<Record<string, unknown>>(
      this.db.pool,
      `SELECT ${FILE_COLUMNS} FROM files WHERE account_id = $1 AND uid = $2`,
      [accountId, uid],
    );
    return found ? fileFromRow(found) : undefined;
  }

  async content(accountId: number, uid: string) {
    const found = await row<{ data: Buffer }>(
      this.db.pool,
      "SELECT data FROM files WHERE account_id = $1 AND uid = $2",
      [accountId, uid],
    );
    return found?.data;
  }
}

/** Invoices in PostgreSQL; `number` is a nocase column, so a number matches in any case as in SQLite. */
export class PostgresInvoiceStore implements InvoiceStoreFamily {
  constructor(private readonly db: UpstreamDatabase) {}

  async getByNumber(accountId: number, number: string) {
    const found = await row<Record<string, unknown>>(
      this.db.pool,
      "SELECT * FROM invoices WHERE account_id = $1 AND number = $2",
      [accountId, number],
    );
    return found ? invoiceFromRow(found) : undefined;
  }

  async list(accountId: number) {
    // SQLite returns equal issue dates in rowid order; the id says so here.
    const found = await rows<Record<string, unknown>>(
      this.db.pool,
      "SELECT * FROM invoices WHERE account_id = $1 ORDER BY issued_at DESC, id",
      [accountId],
    );
    return found.map(invoiceFromRow);
  }

  async listPage(accountId: number, page: { offset: number; limit: number }) {
    const counted = await row<{ n: number }>(
      this.db.pool,
      "SELECT COUNT(*) AS n FROM invoices WHERE account_id = $1",
      [accountId],
    );
    const found = await rows<Record<string, unknown>>(
      this.db.pool,
      "SELECT * FROM invoices WHERE account_id = $1 ORDER BY issued_at DESC, id DESC LIMIT $2 OFFSET $3",
      [accountId, page.limit, page.offset],
    );
    return { items: found.map(invoiceFromRow), total: counted?.n ?? 0 };
  }

  async create(accountId: number, input: Omit<InvoiceRecord, "recId" | "accountId" | "totalCents">) {
    const total = input.lines.reduce((sum, line) => sum + line.Quantity * line.UnitPriceCents, 0);
    const inserted = await row<Record<string, unknown>>(
      this.db.pool,
      `INSERT INTO invoices (account_id, number, issued_at, due_at, status, currency, total_cents, lines)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING *`,
      [
        accountId,
        input.number,
        input.issuedAt,
        input.dueAt,
        input.status,
        input.currency,
        total,
        JSON.stringify(input.lines),
      ],
    );
    return invoiceFromRow(inserted as Record<string, unknown>);
  }

  async getByNumberForAdmin(number: string) {
    const found = await row<Record<string, unknown>>(
      this.db.pool,
      "SELECT * FROM invoices WHERE number = $1",
      [number],
    );
    return found ? invoiceFromRow(found) : undefined;
  }
}

/** The connector result cache in PostgreSQL. */
export class PostgresDataCacheStore implements DataCacheStoreFamily {
  constructor(private readonly db: UpstreamDatabase) {}

  async get(accountId: number, key: string, now: number) {
    const found = await row<{ value: string }>(
      this.db.pool,
      "SELECT value FROM data_cache WHERE account_id = $1 AND cache_key = $2 AND expires_at > $3",
      [accountId, key, now],
    );
    return found?.value;
  }

  async put(accountId: number, key: string, value: string, now: number, ttlMs: number) {
    await this.db.transaction(async (tx) => {
      await run(tx, "DELETE FROM data_cache WHERE account_id = $1 AND expires_at <= $2", [accountId, now]);
      await run(
        tx,
        `INSERT INTO data_cache (account_id, cache_key, value, created_at, expires_at) VALUES ($1, $2, $3, $4, $5)
         ON CONFLICT (account_id, cache_key) DO UPDATE SET value = excluded.value, created_at = excluded.created_at,
           expires_at = excluded.expires_at`,
        [accountId, key, value, now, now + ttlMs],
      );
    });
  }
}
