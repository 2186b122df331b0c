/**
 * Store families of the account screens (§2.2 Account: /api, /usagemetrics,
 * /managedaccounts, /projects): API keys, usage metrics counted from the store, managed accounts and
 * projects. Same rules as ./identity.ts: async, atomic per method, every method takes the caller's
 * account id.
 */
import type { ListQuery, Page } from "./list-page.ts";

/** An API key; the secret itself is never stored, only its hash. */
export interface ApiKeyRecord {
  recId: number;
  name: string;
  /** The first characters of the secret, shown to tell keys apart. */
  prefix: string;
  createdByFullName: string | null;
  createdAt: number;
  expiresAt: number | null;
  lastUsedAt: number | null;
  revokedAt: number | null;
}

/** API keys of an account. */
export interface ApiKeyStoreFamily {
  /** Newest first. */
  list(accountId: number): Promise<ApiKeyRecord[]>;
  create(
    accountId: number,
    input: {
      name: string;
      prefix: string;
      secretHash: string;
      createdByUserId: number;
      expiresAt: number | null;
    },
    now: number,
  ): Promise<ApiKeyRecord>;
  revoke(
    accountId: number,
    recId: number,
    userId: number,
    now: number,
  ): Promise<ApiKeyRecord | "notFound" | "revoked">;
  /**
   * The key whose secret has this SHA-256, if it is neither revoked nor expired at `now` and its
   * creator (whom it acts as) still exists; with its account and that user.
   */
  resolve(
    secretHash: string,
    now: number,
  ): Promise<{ key: ApiKeyRecord; accountId: number; userId: number } | undefined>;
  /** Records that the key was used at `now` (LastUsedAt on the API screen). */
  touch(accountId: number, recId: number, now: number): Promise<void>;
}

/** Usage of an account, counted from its records. */
export interface UsageMetrics {
  /** Live objects per user-area type. */
  objectsByType: { type: string; count: number }[];
  users: { total: number; enabled: number; activeInPeriod: number };
  storage: { mediaBytes: number; fileBytes: number; attachmentBytes: number };
  /** Sign-ins per UTC day of the period, oldest first, days without any included. */
  sessionsPerDay: { date: string; count: number }[];
}

/** Usage metrics. */
export interface UsageStoreFamily {
  metrics(accountId: number, now: number, days: number): Promise<UsageMetrics>;
}

/** An account managed by the caller's account. */
export interface ManagedAccountRecord {
  recId: number;
  name: string;
  domain: string;
  subscriptionType: string;
  disabled: boolean;
  createdAt: number;
  userCount: number;
  objectCount: number;
}

/** The accounts an account manages (their parent account is the caller's). */
export interface ManagedAccountStoreFamily {
  list(accountId: number): Promise<ManagedAccountRecord[]>;
  get(accountId: number, managedAccountId: number): Promise<ManagedAccountRecord | undefined>;
}

/** Project states and sort fields. */
export const PROJECT_STATUSES = ["Planned", "Active", "OnHold", "Completed", "Cancelled"] as const;
export const PROJECT_SORT_FIELDS = ["Name", "Status", "StartDate", "DueDate", "ModifiedAt"] as const;

/** Editable project fields; dates are ISO calendar dates (YYYY-MM-DD). */
export interface ProjectFields {
  name: string;
  description: string;
  status: (typeof PROJECT_STATUSES)[number];
  startDate: string | null;
  dueDate: string | null;
}

/** A project (an object of type Project with its project fields). */
export interface ProjectRecord extends ProjectFields {
  recId: number;
  uid: string;
  ownerFullName: string | null;
  createdAt: number;
  modifiedAt: number;
}

/** Projects of an account. */
export interface ProjectStoreFamily {
  list(
    accountId: number,
    query: ListQuery & { status?: ProjectFields["status"] },
  ): Promise<Page<ProjectRecord>>;
  get(accountId: number, recId: number): Promise<ProjectRecord | undefined>;
  create(accountId: number, fields: ProjectFields, ownerUserId: number, now: number): Promise<ProjectRecord>;
  update(
    accountId: number,
    recId: number,
    change: Partial<ProjectFields>,
    now: number,
  ): Promise<ProjectRecord | undefined>;
  delete(accountId: number, recId: number): Promise<boolean>;
}
