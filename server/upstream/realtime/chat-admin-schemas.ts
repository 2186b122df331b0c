/**
 * Request and answer schemas of the chat's staff side (chat-admin-routes.ts): closed objects (unknown
 * fields are refused in requests and never sent in answers), every property described. Message texts
 * follow the member side's limits (chat/routes.ts).
 */
import { multiLineText, singleLineText } from "../../../schemas/text-rules.ts";
import { MAX_CHAT_MESSAGE_LENGTH } from "../chat/routes.ts";
import { recIdSchema, uidSchema } from "../http/schemas.ts";
import { TICKET_CATEGORIES } from "../store/types/tickets.ts";

const clientUid = {
  type: "string",
  pattern: "^[A-Za-z0-9-]{8,64}$",
  description: "Client-made message UID; a resend with the same UID is stored once.",
} as const;
const messageText = {
  ...multiLineText,
  minLength: 1,
  maxLength: MAX_CHAT_MESSAGE_LENGTH,
  description: "The message.",
} as const;

/** `{ recId }`: a support session. */
export const sessionParams = {
  type: "object",
  properties: { recId: recIdSchema },
  required: ["recId"],
  additionalProperties: false,
} as const;

/** `{ recId, uid }`: one message of a support session. */
export const messageParams = {
  type: "object",
  properties: { recId: recIdSchema, uid: clientUid },
  required: ["recId", "uid"],
  additionalProperties: false,
} as const;

/** The staff queue: sessions in one state, paged. */
export const listQuery = {
  type: "object",
  properties: {
    status: {
      enum: ["Waiting", "Active", "Archived"],
      default: "Waiting",
      description: "Sessions in this state (Waiting: nobody took them yet).",
    },
    page: { type: "integer", minimum: 1, maximum: 100_000, default: 1, description: "1-based page." },
    pageSize: { type: "integer", minimum: 1, maximum: 200, default: 50, description: "Rows per page." },
  },
  additionalProperties: false,
} as const;

/** `?id=`: a chat attachment of the session. */
export const fileQuery = {
  type: "object",
  properties: { id: uidSchema },
  required: ["id"],
  additionalProperties: false,
} as const;

/** A staff reply. */
export const replyBody = {
  type: "object",
  properties: { Text: messageText, UID: clientUid },
  required: ["Text"],
  additionalProperties: false,
} as const;

/** An edit of one's own reply. */
export const editBody = {
  type: "object",
  properties: { Text: messageText },
  required: ["Text"],
  additionalProperties: false,
} as const;

/** "All our staff is currently busy" for a session; the optional UID makes a resend idempotent. */
export const busyBody = {
  type: "object",
  properties: { UID: clientUid },
  additionalProperties: false,
} as const;

/** Opens or closes the support chat for everyone. */
export const statusBody = {
  type: "object",
  properties: { IsOpen: { type: "boolean", description: "Whether members can chat." } },
  required: ["IsOpen"],
  additionalProperties: false,
} as const;

/** The ticket categories a member's ticket takes (tickets/routes.ts). */
const ticketCategory = {
  enum: TICKET_CATEGORIES,
  default: "Question",
  description: "The ticket's category (default Question).",
} as const;

/** A ticket made from a conversation: its title, and optionally its category. */
export const ticketBody = {
  type: "object",
  properties: {
    Title: { ...singleLineText, minLength: 1, maxLength: 200, description: "The ticket's title." },
    Category: ticketCategory,
  },
  required: ["Title"],
  additionalProperties: false,
} as const;

const nullableText = (description: string) => ({ type: ["string", "null"], description }) as const;
const nullableTime = (description: string) =>
  ({ type: ["string", "null"], format: "date-time", description }) as const;
const nullableRecId = (description: string) => ({ type: ["integer", "null"], description }) as const;

/**
 * A session as the staff calls (list items, Take, Archive, the transcript's head) and the
 * `sessionUpdated` event carry it. Closed: nothing else is sent.
 */
export const staffSessionSchema = {
  type: "object",
  properties: {
    RecId: { type: "integer", description: "The support session." },
    AccountRecId: { type: "integer", description: "The member's account." },
    AccountName: { type: "string", description: "The member's account's name." },
    UserRecId: { type: "integer", description: "The member." },
    UserFullName: { type: "string", description: "The member's name." },
    Status: { enum: ["Waiting", "Active", "Archived"], description: "Waiting: nobody took it yet." },
    Page: { type: "string", description: "The in-app page of the member's latest message." },
    StaffUserRecId: nullableRecId("The staff member who took it; null while waiting."),
    StaffFullName: nullableText("Their name."),
    StartedAt: { type: "string", format: "date-time", description: "When the member's first message came." },
    ArchivedAt: nullableTime("When it was archived."),
    MessageCount: { type: "integer", description: "Stored messages, system messages included." },
    LastMessageAt: nullableTime("When the latest message was stored."),
    Rating: nullableRecId("The member's rating, 1 to 5; null until rated."),
    Feedback: nullableText("The member's feedback with the rating; null until rated."),
    FirstMessage: nullableText(
      "The member's first message not deleted: its text, or the file name of a file; null when none.",
    ),
  },
  required: [
    "RecId",
    "AccountRecId",
    "AccountName",
    "UserRecId",
    "UserFullName",
    "Status",
    "Page",
    "StaffUserRecId",
    "StaffFullName",
    "StartedAt",
    "ArchivedAt",
    "MessageCount",
    "LastMessageAt",
    "Rating",
    "Feedback",
    "FirstMessage",
  ],
  additionalProperties: false,
} as const;

/** The body staffSessionBody builds (staffSessionSchema). */
export interface StaffSessionBody {
  RecId: number;
  AccountRecId: number;
  AccountName: string;
  UserRecId: number;
  UserFullName: string;
  Status: "Waiting" | "Active" | "Archived";
  Page: string;
  StaffUserRecId: number | null;
  StaffFullName: string | null;
  StartedAt: string;
  ArchivedAt: string | null;
  MessageCount: number;
  LastMessageAt: string | null;
  Rating: number | null;
  Feedback: string | null;
  FirstMessage: string | null;
}

/** The answer of GET …/Sessions: a page of the queue or the archive. */
export const sessionListAnswer = {
  type: "object",
  properties: {
    Items: { type: "array", items: staffSessionSchema, description: "The sessions of the page." },
    Total: { type: "integer", description: "Sessions in the state." },
  },
  required: ["Items", "Total"],
  additionalProperties: false,
} as const;

/** The member behind a session, for the agent beside the conversation (GET …/Sessions/{recId}/Context). */
export const contextAnswer = {
  type: "object",
  properties: {
    Account: {
      type: "object",
      properties: {
        RecId: { type: "integer", description: "The account." },
        Name: { type: "string", description: "Its name." },
        Domain: { type: "string", description: "Its domain (the sign-in's)." },
        SubscriptionType: { type: "string", description: "Its subscription type." },
        IsDisabled: { type: "boolean", description: "Disabled accounts cannot sign in." },
      },
      required: ["RecId", "Name", "Domain", "SubscriptionType", "IsDisabled"],
      additionalProperties: false,
      description: "The member's account.",
    },
    User: {
      type: "object",
      properties: {
        RecId: { type: "integer", description: "The member." },
        FullName: { type: "string", description: "Their name." },
        Email: { type: "string", description: "Their e-mail address." },
        RoleName: nullableText("Their role's name; null without a role."),
        LanguageCode: { type: "string", description: "Their UI language (§9)." },
        IsAccountOwner: { type: "boolean", description: "Their role is the account's owner role." },
      },
      required: ["RecId", "FullName", "Email", "RoleName", "LanguageCode", "IsAccountOwner"],
      additionalProperties: false,
      description: "The member.",
    },
    Page: { type: "string", description: "The in-app page of the member's latest message." },
    Tickets: {
      type: "array",
      maxItems: 5,
      items: {
        type: "object",
        properties: {
          RecId: { type: "integer", description: "The ticket (/admin/support/{RecId})." },
          Title: { type: "string", description: "Its title." },
          Status: {
            type: "string",
            description:
              "Its status as /admin/support shows it: New, Open, WaitingForCustomer, Resolved or Closed.",
          },
          CreatedAt: { type: "string", format: "date-time", description: "When it was opened." },
        },
        required: ["RecId", "Title", "Status", "CreatedAt"],
        additionalProperties: false,
      },
      description: "The member's most recent support tickets, newest first.",
    },
  },
  required: ["Account", "User", "Page", "Tickets"],
  additionalProperties: false,
} as const;

/** The ticket made from a conversation. */
export const ticketAnswer = {
  type: "object",
  properties: {
    RecId: { type: "integer", description: "The ticket (/admin/support/{RecId}, the member's /support)." },
    Title: { type: "string", description: "Its title, trimmed." },
  },
  required: ["RecId", "Title"],
  additionalProperties: false,
} as const;
