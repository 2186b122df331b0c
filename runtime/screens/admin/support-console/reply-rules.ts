/**
 * The reply field's limit (§5 mirrored for staff): the longest text the server stores, and a
 * counter that appears only near it.
 */
import { SUPPORT_CHAT_MAX_TEXT_LENGTH } from "../../../../schemas/payloads/support-chat.ts";

/** Characters left at which the counter appears. */
export const REPLY_COUNTER_FROM_LEFT = 400;

/** Characters left in a reply of `length`, or null while far from the limit. */
export function charactersLeft(length: number, max = SUPPORT_CHAT_MAX_TEXT_LENGTH): number | null {
  const left = max - length;
  return left <= REPLY_COUNTER_FROM_LEFT ? Math.max(0, left) : null;
}
