/**
 * Hub helpers for the realtime suites: the official @microsoft/signalr client connected to a real
 * upstream hub with a bearer token, recording every event it receives.
 */
import assert from "node:assert/strict";
import {
  HttpTransportType,
  type HubConnection,
  HubConnectionBuilder,
  HubConnectionState,
  LogLevel,
} from "@microsoft/signalr";
import type { Client, RunningUpstream } from "./upstream-fixture.ts";

/** Every user hub target of §7. */
export const USER_TARGETS = [
  "desktop-started",
  "log",
  "notificationAdded",
  "refresh-base-page-user",
  "reload",
  "Disconnect",
  "Disconnected",
  "DisconnectionWarning",
  "RemoveDisconnectionWarning",
] as const;

/** Every support chat hub target of §7, plus the staff-only sessionUpdated. */
export const CHAT_TARGETS = [
  "message",
  "edited",
  "deleted",
  "sessionArchived",
  "staffBusy",
  "open",
  "close",
  "sessionUpdated",
] as const;

/** One received invocation. */
export interface HubEvent {
  target: string;
  args: unknown[];
}

/** A connected official client and what it received. */
export class HubRecorder {
  readonly events: HubEvent[] = [];
  closedWith: Error | undefined | null = null;

  constructor(readonly connection: HubConnection) {}

  /** The events of one target so far. */
  of(target: string): unknown[][] {
    return this.events.filter((event) => event.target === target).map((event) => event.args);
  }

  readonly #consumed = new Set<HubEvent>();

  /** Waits for the oldest not yet taken event of `target` matching `accept`, and takes it. */
  async next(target: string, accept: (args: unknown[]) => boolean = () => true, timeoutMs = 8000) {
    const found = await eventually(
      () => this.events.find((e) => e.target === target && !this.#consumed.has(e) && accept(e.args)),
      timeoutMs,
      `no ${target} event`,
    );
    this.#consumed.add(found);
    return found.args;
  }

  /** Resolves once the server closed the connection. */
  async closed(timeoutMs = 8000): Promise<Error | undefined> {
    await eventually(() => this.closedWith !== null, timeoutMs, "the connection was not closed");
    return this.closedWith ?? undefined;
  }

  /** A round trip: anything the server sent before now has arrived once this resolves. */
  async flush(method = "Ping"): Promise<void> {
    await this.connection.invoke(method).catch(() => undefined);
  }
}

/** Polls `probe` until it returns a truthy value. */
export async function eventually<T>(
  probe: () => T | undefined | false | null,
  timeoutMs = 8000,
  what = "condition",
) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = probe();
    if (value) return value;
    if (Date.now() > deadline) assert.fail(`timed out: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** Connects the official client to `/hubs/{hub}` as the client's session, recording `targets`. */
export async function connectHub(
  upstream: RunningUpstream,
  hub: "user" | "supportchat",
  client: Client,
  targets: readonly string[] = hub === "user" ? USER_TARGETS : CHAT_TARGETS,
): Promise<HubRecorder> {
  const token = client.token ?? "";
  const connection = new HubConnectionBuilder()
    .withUrl(`${upstream.baseUrl}/hubs/${hub}`, {
      accessTokenFactory: () => token,
      transport: HttpTransportType.WebSockets,
    })
    .configureLogging(LogLevel.None)
    .build();
  const recorder = new HubRecorder(connection);
  for (const target of targets) {
    connection.on(target, (...args: unknown[]) => recorder.events.push({ target, args }));
  }
  connection.onclose((error) => {
    recorder.closedWith = error;
  });
  await connection.start();
  assert.equal(connection.state, HubConnectionState.Connected);
  return recorder;
}

/** Stops every recorder's connection (those still open). */
export async function stopAll(recorders: HubRecorder[]): Promise<void> {
  await Promise.all(recorders.splice(0).map((recorder) => recorder.connection.stop().catch(() => undefined)));
}

/** A POST to a hub's negotiate with an optional bearer token; the status. */
export async function negotiateStatus(
  upstream: RunningUpstream,
  hub: string,
  token?: string,
): Promise<number> {
  const response = await fetch(`${upstream.baseUrl}/hubs/${hub}/negotiate?negotiateVersion=1`, {
    method: "POST",
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  await response.arrayBuffer();
  return response.status;
}

/** The signed-in user's record id (Common/LoggedInConfig). */
export async function userRecId(client: Client): Promise<number> {
  const reply = await client.get("/api/Common/LoggedInConfig");
  assert.equal(reply.status, 200);
  return reply.body.User.RecId as number;
}

/** The signed-in user's account record id. */
export async function accountRecId(client: Client): Promise<number> {
  return (await client.get("/api/Common/LoggedInConfig")).body.User.AccountRecId as number;
}
