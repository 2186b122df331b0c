/** A configuration entry as stored: JSON value text plus its metadata. */
export interface AdminSettingInput {
  section: string;
  isSecret: boolean;
  /** JSON text of the value; undefined keeps the stored value. */
  valueJson: string | undefined;
  description: string | null;
}

/** Result of the embedded store's health check (Databases → Test). */
export interface EmbeddedDatabaseCheck {
  quickCheck: string;
  schemaVersion: number;
  sqliteVersion: string;
  sizeBytes: number;
  durationMs: number;
}

/** A sample behind log analytics: one request, query run or task. */
export interface AnalyticsSample {
  key: string;
  durationMs: number | null;
  isError: boolean;
  at: number;
}

/** The operator's system records. */
export interface AdminSystemStoreFamily {
  /** "exists" when creating a key that exists, "missing" when updating one that does not. */
  putSetting(
    key: string,
    input: AdminSettingInput,
    create: boolean,
    actor: number,
    now: number,
  ): Promise<"ok" | "exists" | "missing">;
  deleteSetting(key: string): Promise<boolean>;
  checkEmbedded(): Promise<EmbeddedDatabaseCheck>;
  /** Applies pending migrations (normally none: they run at start) and returns the schema version. */
  migrateEmbedded(now: number): Promise<{ applied: number[]; schemaVersion: number }>;
  /** The member accounts whose data the embedded store holds (every account but the operator's). */
  embeddedAccountIds(): Promise<number[]>;
  logRequest(
    entry: {
      at: number;
      method: string;
      route: string;
      status: number;
      durationMs: number;
      accountId: number | null;
    },
    keepSince: number,
  ): Promise<void>;
  analyticsSamples(
    groupBy: "requests" | "queries" | "tasks" | "accounts",
    window: { accountId?: number; from?: number; to?: number },
    limit: number,
  ): Promise<AnalyticsSample[]>;
  recordQueryRun(run: {
    queryId: number;
    name: string;
    actor: number;
    at: number;
    durationMs: number;
    ok: boolean;
    rowCount: number;
  }): Promise<void>;
  /** Delivery state of an outbox mail, as the mail relay reports it. */
  setMailDelivery(
    mailId: number,
    delivery: {
      status: "Queued" | "Sent" | "Failed" | "Bounced";
      attempts: number;
      queuedAt: number;
      sentAt: number | null;
      lastError: string | null;
    },
  ): Promise<void>;
  /** Records a received mail (the mail intake), in the inbox or, when filtered, in spam. */
  recordInboundMail(mail: {
    folder: "Inbox" | "Spam";
    from: string;
    to: string;
    subject: string;
    body: string;
    receivedAt: number;
    attachmentCount: number;
    handler: "DataByEmail" | "SupportReply" | "Unknown";
    accountId: number | null;
    status: "Received" | "Processed" | "Failed" | "Rejected";
    errorMessage: string | null;
    spamScore: number | null;
    spamReason: string | null;
  }): Promise<number>;
  /** Replaces the query tool's demo retail data (stores and their sales). */
  loadDemoRetailData(
    stores: readonly { country: string; region: string; city: string; channel: string }[],
    sales: readonly {
      storeIndex: number;
      date: string;
      product: string;
      quantity: number;
      revenue: number;
    }[],
  ): Promise<void>;
  /** The stored bytes of a package or system media file. */
  fileData(table: "package_items" | "system_media", id: number): Promise<Buffer | undefined>;
}
