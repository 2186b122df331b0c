/**
 * In-process events of the upstream, for the hubs (server/upstream/hubs) to push to connected
 * clients: a notification was added (§4.3 → `notificationAdded`), a session ended or a user's
 * sessions were revoked (→ `Disconnected`), a chat message was stored (→ the support chat hub's
 * `message`).
 */
import { EventEmitter } from "node:events";
import type { ChatMessageRecord, NotificationRecord } from "./store/records-content.ts";

/** Event name → payload. */
export interface UpstreamEventMap {
  notificationAdded: { accountId: number; userId: number; notification: NotificationRecord };
  sessionEnded: {
    accountId: number;
    userId: number;
    sessionId: number;
    reason: "logout" | "revoked" | "impersonationStopped";
  };
  chatMessage: { accountId: number; sessionId: number; message: ChatMessageRecord };
  /** All sessions of a user ended (password reset), or all but `keptSessionId` (password change). */
  userSessionsRevoked: { accountId: number; userId: number; keptSessionId: number | null };
}

/** A typed emitter of upstream events. */
export class UpstreamEvents {
  private readonly emitter = new EventEmitter();

  emit<K extends keyof UpstreamEventMap>(name: K, payload: UpstreamEventMap[K]): void {
    this.emitter.emit(name, payload);
  }

  on<K extends keyof UpstreamEventMap>(
    name: K,
    listener: (payload: UpstreamEventMap[K]) => void,
  ): () => void {
    this.emitter.on(name, listener);
    return () => this.emitter.off(name, listener);
  }
}
