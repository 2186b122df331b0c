/**
 * Mail screens of §2.4. /admin/emailoutbound is the recorded outbox every mail of the service goes
 * to (auth/mail.ts) with its delivery state, kept by the mail relay: a mail is Queued until the
 * relay reports Sent, Failed or Bounced; Resend queues it again. /admin/emailinbound and
 * /admin/emailspam are received mail (support replies, data by e-mail) and what was filed as spam:
 * reprocess queues a failed mail for its handler again, mark spam / release move it between the two.
 */
import { date, oneOf, ref, text } from "./fields.ts";
import type { AdminResource } from "./resource.ts";
import { ACCOUNT_COLUMNS, accountNameJoin, dateRange } from "./resource-kit.ts";

/** The sender the mail relay uses for every outgoing mail. */
export const MAIL_FROM = "Tessera <no-reply@tessera.example>";
const OUT_STATUSES = ["Queued", "Sent", "Failed", "Bounced"] as const;
const IN_STATUSES = ["Received", "Processed", "Failed", "Rejected"] as const;
const HANDLERS = ["DataByEmail", "SupportReply", "Unknown"] as const;
const DELIVERY_STATUS = "COALESCE(d.status, 'Queued')";

/** /admin/emailoutbound; Kind, CreatedAt and Body are kept for the first clients of this list. */
export const emailOutbound: AdminResource = {
  path: "EmailOutbound",
  module: "EmailOutbound",
  noun: "Mail",
  spec: {
    table: "mail_outbox",
    from: `mail_outbox t LEFT JOIN mail_delivery d ON d.mail_id = t.id ${accountNameJoin("t.account_id")}`,
    key: "id",
    keyType: "int",
    keyField: "RecId",
    defaultOrder: "t.id DESC",
    columns: {
      RecId: { sql: "t.id", type: "int", sort: true },
      To: { sql: "t.to_address", type: "text", search: true, sort: true },
      Cc: { sql: "NULL", type: "text" },
      From: { sql: `'${MAIL_FROM}'`, type: "text" },
      Subject: { sql: "t.subject", type: "text", search: true, sort: true },
      Template: { sql: "t.kind", type: "text", search: true, sort: true },
      Kind: { sql: "t.kind", type: "text" },
      ...ACCOUNT_COLUMNS(),
      Status: { sql: DELIVERY_STATUS, type: "text", sort: true },
      Attempts: { sql: "COALESCE(d.attempts, 0)", type: "int", sort: true },
      QueuedAt: { sql: "COALESCE(d.queued_at, t.created_at)", type: "datetime", sort: true },
      SentAt: {
        sql: "d.sent_at",
        type: "datetime",
        sort: true,
        order: "COALESCE(d.sent_at, d.queued_at, t.created_at)",
      },
      LastError: { sql: "d.last_error", type: "text" },
      CreatedAt: { sql: "t.created_at", type: "datetime", sort: true },
      Body: { sql: "t.body_text", type: "text" },
    },
    filters: {
      Status: { sql: DELIVERY_STATUS, type: "text", op: "eq" },
      AccountRecId: { sql: "t.account_id", type: "int", op: "eq" },
      ...dateRange("t.created_at"),
      to: { sql: "t.to_address COLLATE NOCASE", type: "text", op: "eq" },
    },
  },
  filters: {
    Status: oneOf(OUT_STATUSES),
    AccountRecId: ref(),
    DateFrom: date(),
    DateTo: date(),
    to: text(254, undefined, "Only mails to this address (exact, any case)."),
  },
  export: true,
  legacyListNames: true,
  transitions: [
    {
      name: "Resend",
      bulk: true,
      change: {
        when: "COALESCE((SELECT status FROM mail_delivery WHERE mail_id = t.id), 'Queued') <> 'Queued'",
        set: {},
        also: [
          `INSERT INTO mail_delivery (mail_id, status, attempts, queued_at) VALUES (@key, 'Queued', 0, @now)
           ON CONFLICT (mail_id) DO UPDATE SET status = 'Queued', queued_at = @now, last_error = NULL`,
        ],
      },
      refused: "The mail is already queued.",
    },
  ],
};

function inboundColumns() {
  return {
    RecId: { sql: "t.id", type: "int" as const, sort: true },
    From: { sql: "t.from_address", type: "text" as const, search: true, sort: true },
    To: { sql: "t.to_address", type: "text" as const, search: true, sort: true },
    Subject: { sql: "t.subject", type: "text" as const, search: true, sort: true },
    ReceivedAt: { sql: "t.received_at", type: "datetime" as const, sort: true },
    AttachmentCount: { sql: "t.attachment_count", type: "int" as const, sort: true },
    Handler: { sql: "t.handler", type: "text" as const, sort: true },
    ...ACCOUNT_COLUMNS(),
    Status: { sql: "t.status", type: "text" as const, sort: true },
    ErrorMessage: { sql: "t.error_message", type: "text" as const },
    SpamScore: { sql: "t.spam_score", type: "real" as const, sort: true },
    Reason: { sql: "t.spam_reason", type: "text" as const },
    Body: { sql: "t.body_text", type: "text" as const },
  };
}

/** /admin/emailinbound. */
export const emailInbound: AdminResource = {
  path: "EmailInbound",
  module: "EmailInbound",
  noun: "Received mail",
  spec: {
    table: "inbound_emails",
    from: `inbound_emails t ${accountNameJoin("t.account_id")}`,
    where: "t.folder = 'Inbox'",
    key: "id",
    keyType: "int",
    keyField: "RecId",
    defaultOrder: "t.received_at DESC",
    columns: inboundColumns(),
    filters: {
      Status: { sql: "t.status", type: "text", op: "eq" },
      Handler: { sql: "t.handler", type: "text", op: "eq" },
      AccountRecId: { sql: "t.account_id", type: "int", op: "eq" },
      ...dateRange("t.received_at"),
    },
  },
  filters: {
    Status: oneOf(IN_STATUSES),
    Handler: oneOf(HANDLERS),
    AccountRecId: ref(),
    DateFrom: date(),
    DateTo: date(),
  },
  remove: { bulk: true },
  transitions: [
    {
      name: "Reprocess",
      change: {
        when: "t.status IN ('Failed', 'Rejected')",
        set: { status: "'Received'", error_message: "NULL" },
      },
      refused: "Only failed or rejected mails can be processed again.",
    },
    {
      name: "MarkSpam",
      change: {
        set: { folder: "'Spam'", spam_reason: "COALESCE(t.spam_reason, 'Marked as spam by staff.')" },
      },
      refused: "The mail cannot be marked as spam.",
    },
  ],
};

/** /admin/emailspam. */
export const emailSpam: AdminResource = {
  path: "EmailSpam",
  module: "EmailSpam",
  noun: "Spam mail",
  spec: { ...emailInbound.spec, where: "t.folder = 'Spam'", filters: dateRange("t.received_at") },
  filters: { DateFrom: date(), DateTo: date() },
  remove: { bulk: true },
  transitions: [
    {
      name: "Release",
      change: { set: { folder: "'Inbox'", status: "'Received'", error_message: "NULL" } },
      refused: "The mail cannot be released.",
    },
  ],
};

/** The mail text as the emailBody panel shows it (plain text, escaped into HTML). */
export function mailBodyPanel(subject: string, textBody: string) {
  const escaped = textBody.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
  return { Subject: subject, Text: textBody, Html: `<pre style="white-space:pre-wrap">${escaped}</pre>` };
}
