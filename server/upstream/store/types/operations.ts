/**
 * Store families of the operations records (migration 2): the recorded mail outbox, the
 * application log with its audit trail, and the system-wide configuration. Same rules as
 * ./identity.ts: async, each method atomic (one transaction).
 */
import type { ApplicationLogEntry, OutboxMail } from "../records.ts";

/** The recorded mail outbox. */
export interface OutboxStoreFamily {
  record(mail: Omit<OutboxMail, "recId">): Promise<number>;
  listForAdmin(page: {
    limit: number;
    offset: number;
    to?: string;
  }): Promise<{ items: OutboxMail[]; total: number }>;
  getForAdmin(recId: number): Promise<OutboxMail | undefined>;
}

/** Application logs, including the audit trail (category "Audit"). */
export interface LogStoreFamily {
  write(entry: Omit<ApplicationLogEntry, "recId">): Promise<number>;
  listForAdmin(query: {
    category?: string;
    limit: number;
    offset: number;
  }): Promise<{ items: ApplicationLogEntry[]; total: number }>;
}

/** System-wide configuration (not account data). */
export interface ConfigStoreFamily {
  get<T>(key: string): Promise<T | undefined>;
  set(key: string, value: unknown): Promise<void>;
}
