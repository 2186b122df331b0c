/**
 * Request schemas of the chat's staff side (chat-admin-routes.ts): closed objects (unknown fields are
 * refused), every property described. Message texts follow the member side's limits (chat/routes.ts).
 */
import { multiLineText } from "../../../schemas/text-rules.ts";
import { MAX_CHAT_MESSAGE_LENGTH } from "../chat/routes.ts";
import { recIdSchema, uidSchema } from "../http/schemas.ts";

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
