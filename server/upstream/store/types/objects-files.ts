/**
 * Store families of migration 4: objects of the user-area types, stored files, invoices and the connector
 * result cache. Same rules as ./identity.ts: async, atomic per method, every account-data method takes the
 * caller's account id.
 */
import type { FileItemType, FileRecord, InvoiceRecord, ObjectRecord } from "../records-content.ts";
import type { Page } from "./list-page.ts";

/** Objects of the user-area types. */
export interface ObjectStoreFamily {
  get(accountId: number, recId: number): Promise<ObjectRecord | undefined>;
  list(accountId: number, type: string): Promise<ObjectRecord[]>;
  create(
    accountId: number,
    input: { type: string; name: string; ownerUserId: number | null; properties?: Record<string, unknown> },
    now: number,
  ): Promise<ObjectRecord>;
  markDeleted(accountId: number, recId: number, now: number): Promise<boolean>;
}

/** A file to store. */
export interface NewFileInput {
  ownerUserId: number | null;
  itemType: FileItemType;
  name: string;
  contentType: string;
  data: Buffer;
  relatedObjectId?: number | null;
  expiresAt?: number | null;
}

/** Stored files. */
export interface FileStoreFamily {
  create(accountId: number, input: NewFileInput, now: number): Promise<FileRecord>;
  get(accountId: number, uid: string): Promise<FileRecord | undefined>;
  content(accountId: number, uid: string): Promise<Buffer | undefined>;
}

/** Invoices. */
export interface InvoiceStoreFamily {
  getByNumber(accountId: number, number: string): Promise<InvoiceRecord | undefined>;
  list(accountId: number): Promise<InvoiceRecord[]>;
  create(
    accountId: number,
    input: Omit<InvoiceRecord, "recId" | "accountId" | "totalCents">,
  ): Promise<InvoiceRecord>;
  /** The account's invoices, newest first, a page at a time (/subscription). */
  listPage(accountId: number, page: { offset: number; limit: number }): Promise<Page<InvoiceRecord>>;
  /** Admin read (Invoices module): an invoice of any account. */
  getByNumberForAdmin(number: string): Promise<InvoiceRecord | undefined>;
}

/** Cached connector results (smart view parameters, document columns). */
export interface DataCacheStoreFamily {
  get(accountId: number, key: string, now: number): Promise<string | undefined>;
  put(accountId: number, key: string, value: string, now: number, ttlMs: number): Promise<void>;
}
