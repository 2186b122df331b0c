/** SQLite implementation of objects, files, invoices and the connector result cache. */
import { generateUid } from "../../identity/secrets.ts";
import { parseJson, type SqliteDatabase } from "../database.ts";
import type { FileItemType, FileRecord, InvoiceRecord, ObjectRecord } from "../records-content.ts";
import type {
  DataCacheStoreFamily,
  FileStoreFamily,
  InvoiceStoreFamily,
  NewFileInput,
  ObjectStoreFamily,
} from "../types/objects-files.ts";
import type { CountRow } from "./content-common.ts";

export function objectFromRow(row: Record<string, unknown>): ObjectRecord {
  return {
    recId: row.id as number,
    uid: row.uid as string,
    accountId: row.account_id as number,
    type: row.type as string,
    name: row.name as string,
    ownerUserId: (row.owner_user_id as number | null) ?? null,
    properties: parseJson<Record<string, unknown>>(row.properties, {}),
    createdAt: row.created_at as number,
    modifiedAt: row.modified_at as number,
    deletedAt: (row.deleted_at as number | null) ?? null,
  };
}

export class SqliteObjectStore implements ObjectStoreFamily {
  constructor(private readonly db: SqliteDatabase) {}

  async get(accountId: number, recId: number) {
    const row = this.db
      .prepare("SELECT * FROM objects WHERE account_id = ? AND id = ?")
      .get(accountId, recId);
    return row ? objectFromRow(row as Record<string, unknown>) : undefined;
  }

  async list(accountId: number, type: string) {
    const rows = this.db
      .prepare("SELECT * FROM objects WHERE account_id = ? AND type = ? AND deleted_at IS NULL ORDER BY name")
      .all(accountId, type);
    return (rows as Record<string, unknown>[]).map(objectFromRow);
  }

  async create(
    accountId: number,
    input: { type: string; name: string; ownerUserId: number | null; properties?: Record<string, unknown> },
    now: number,
  ) {
    const row = this.db
      .prepare(
        `INSERT INTO objects (uid, account_id, type, name, owner_user_id, properties, created_at, modified_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?) RETURNING *`,
      )
      .get(
        generateUid(),
        accountId,
        input.type,
        input.name,
        input.ownerUserId,
        JSON.stringify(input.properties ?? {}),
        now,
        now,
      );
    return objectFromRow(row as Record<string, unknown>);
  }

  async markDeleted(accountId: number, recId: number, now: number) {
    return (
      this.db
        .prepare("UPDATE objects SET deleted_at = ? WHERE account_id = ? AND id = ? AND deleted_at IS NULL")
        .run(now, accountId, recId).changes === 1
    );
  }
}

const FILE_COLUMNS =
  "id, uid, account_id, owner_user_id, item_type, name, content_type, size, related_object_id, created_at, expires_at";

export function fileFromRow(row: Record<string, unknown>): FileRecord {
  return {
    recId: row.id as number,
    uid: row.uid as string,
    accountId: row.account_id as number,
    ownerUserId: (row.owner_user_id as number | null) ?? null,
    itemType: row.item_type as FileItemType,
    name: row.name as string,
    contentType: row.content_type as string,
    size: row.size as number,
    relatedObjectId: (row.related_object_id as number | null) ?? null,
    createdAt: row.created_at as number,
    expiresAt: (row.expires_at as number | null) ?? null,
  };
}

/** Inserts a file inside the caller's transaction. */
export function insertFile(
  db: SqliteDatabase,
  accountId: number,
  input: NewFileInput,
  now: number,
): FileRecord {
  const row = db
    .prepare(
      `INSERT INTO files (uid, account_id, owner_user_id, item_type, name, content_type, size, data, related_object_id,
         created_at, expires_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING ${FILE_COLUMNS}`,
    )
    .get(
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
    );
  return fileFromRow(row as Record<string, unknown>);
}

/** Files in SQLite (contents as BLOBs, so a file and its metadata are written in one step). */
export class SqliteFileStore implements FileStoreFamily {
  constructor(private readonly db: SqliteDatabase) {}

  async create(accountId: number, input: NewFileInput, now: number) {
    return insertFile(this.db, accountId, input, now);
  }

  async get(accountId: number, uid: string) {
    const row = this.db
      .prepare(`SELECT ${FILE_COLUMNS} FROM files WHERE account_id = ? AND uid = ?`)
      .get(accountId, uid);
    return row ? fileFromRow(row as Record<string, unknown>) : undefined;
  }

  async content(accountId: number, uid: string) {
    const row = this.db
      .prepare("SELECT data FROM files WHERE account_id = ? AND uid = ?")
      .get(accountId, uid) as { data: Buffer } | undefined;
    return row?.data;
  }
}

export function invoiceFromRow(row: Record<string, unknown>): InvoiceRecord {
  return {
    recId: row.id as number,
    accountId: row.account_id as number,
    number: row.number as string,
    issuedAt: row.issued_at as number,
    dueAt: row.due_at as number,
    status: row.status as InvoiceRecord["status"],
    currency: row.currency as string,
    totalCents: row.total_cents as number,
    lines: parseJson<InvoiceRecord["lines"]>(row.lines, []),
  };
}

/** Invoices in SQLite. */
export class SqliteInvoiceStore implements InvoiceStoreFamily {
  constructor(private readonly db: SqliteDatabase) {}

  async getByNumber(accountId: number, number: string) {
    const row = this.db
      .prepare("SELECT * FROM invoices WHERE account_id = ? AND number = ?")
      .get(accountId, number);
    return row ? invoiceFromRow(row as Record<string, unknown>) : undefined;
  }

  async list(accountId: number) {
    const rows = this.db
      .prepare("SELECT * FROM invoices WHERE account_id = ? ORDER BY issued_at DESC")
      .all(accountId);
    return (rows as Record<string, unknown>[]).map(invoiceFromRow);
  }

  async listPage(accountId: number, page: { offset: number; limit: number }) {
    const total = (
      this.db.prepare("SELECT COUNT(*) AS n FROM invoices WHERE account_id = ?").get(accountId) as CountRow
    ).n;
    const rows = this.db
      .prepare(
        "SELECT * FROM invoices WHERE account_id = ? ORDER BY issued_at DESC, id DESC LIMIT ? OFFSET ?",
      )
      .all(accountId, page.limit, page.offset) as Record<string, unknown>[];
    return { items: rows.map(invoiceFromRow), total };
  }

  async create(accountId: number, input: Omit<InvoiceRecord, "recId" | "accountId" | "totalCents">) {
    const total = input.lines.reduce((sum, line) => sum + line.Quantity * line.UnitPriceCents, 0);
    const row = this.db
      .prepare(
        `INSERT INTO invoices (account_id, number, issued_at, due_at, status, currency, total_cents, lines)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?) RETURNING *`,
      )
      .get(
        accountId,
        input.number,
        input.issuedAt,
        input.dueAt,
        input.status,
        input.currency,
        total,
        JSON.stringify(input.lines),
      );
    return invoiceFromRow(row as Record<string, unknown>);
  }

  async getByNumberForAdmin(number: string) {
    const row = this.db.prepare("SELECT * FROM invoices WHERE number = ?").get(number);
    return row ? invoiceFromRow(row as Record<string, unknown>) : undefined;
  }
}

/** The connector result cache in SQLite. */
export class SqliteDataCacheStore implements DataCacheStoreFamily {
  constructor(private readonly db: SqliteDatabase) {}

  async get(accountId: number, key: string, now: number) {
    const row = this.db
      .prepare("SELECT value FROM data_cache WHERE account_id = ? AND cache_key = ? AND expires_at > ?")
      .get(accountId, key, now) as { value: string } | undefined;
    return row?.value;
  }

  async put(accountId: number, key: string, value: string, now: number, ttlMs: number) {
    this.db.transaction(() => {
      this.db.prepare("DELETE FROM data_cache WHERE account_id = ? AND expires_at <= ?").run(accountId, now);
      this.db
        .prepare(
          `INSERT INTO data_cache (account_id, cache_key, value, created_at, expires_at) VALUES (?, ?, ?, ?, ?)
           ON CONFLICT (account_id, cache_key) DO UPDATE SET value = excluded.value, created_at = excluded.created_at,
             expires_at = excluded.expires_at`,
        )
        .run(accountId, key, value, now, now + ttlMs);
    })();
  }
}
