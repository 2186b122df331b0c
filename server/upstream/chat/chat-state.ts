/**
 * Whether the support chat is open (§4.4: the server's open and close events set it active or
 * inactive). Stored in the system configuration so every process agrees; the chat hub's staff
 * side switches it.
 */
import type { UpstreamContext } from "../context.ts";

/** Configuration key of the open flag; absent means open. */
export const SUPPORT_CHAT_OPEN_KEY = "SupportChatOpen";

/** Opens or closes the support chat. */
export async function setSupportChatOpen(context: UpstreamContext, open: boolean): Promise<void> {
  await context.store.config.set(SUPPORT_CHAT_OPEN_KEY, open);
}
