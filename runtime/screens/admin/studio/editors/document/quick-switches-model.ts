/**
 * The studio's one-click switches as pure decisions: the maintenance request an operator's choice
 * makes (now, a window, off, an end; server/gateway/config/README.md "Maintenance") and the call
 * that opens or closes signup — the upstream's SignupAllowed configuration entry (§2.1: signup is
 * open only when it is exactly true), saved through /admin/configuration's own endpoint
 * (manifests/screens.json adminConfiguration: Admin/Configuration, rowKey Key).
 */
import type { Language } from "../../studio-model.ts";

/** What the operator asks of maintenance. */
export type MaintenanceAction =
  /** On now. */
  | "on"
  /** On from `startsAt` to `endsAt`. */
  | "window"
  /** Off now. */
  | "off"
  /** Still on, off at `endsAt`. */
  | "end";

/** The operator's input: local date-times as a datetime-local field gives them, messages by language. */
export interface MaintenanceInput {
  action: MaintenanceAction;
  /** YYYY-MM-DDTHH:mm in the browser's time zone. */
  startsAt?: string;
  endsAt?: string;
  messages?: Partial<Record<Language, string>>;
  /** Epoch milliseconds. */
  now: number;
}

/** The body of PUT /gw/config/maintenance. */
export interface MaintenanceBody {
  enabled: boolean;
  messages?: Partial<Record<Language, string>>;
  startsAt?: string;
  endsAt?: string;
}

/** The longest maintenance message (configMaintenance schema: 1000 characters per language). */
export const MAINTENANCE_MESSAGE_MAX_LENGTH = 1000;

/** A request, or the text key of why the input cannot make one. */
export type MaintenanceDecision = { body: MaintenanceBody } | { error: string };

/** The instant of a datetime-local value, or null when it is empty or not a date-time. */
export function localInstant(value: string | undefined): number | null {
  if (!value || !/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?$/.test(value)) return null;
  const instant = new Date(value).getTime();
  return Number.isNaN(instant) ? null : instant;
}

/** The messages worth sending: trimmed, the empty ones left out (the served message stays). */
function messagesOf(
  messages: Partial<Record<Language, string>> | undefined,
): Partial<Record<Language, string>> {
  const kept: Partial<Record<Language, string>> = {};
  for (const [language, message] of Object.entries(messages ?? {})) {
    const text = (message ?? "").trim();
    if (text !== "") kept[language as Language] = text;
  }
  return kept;
}

/** The request of a maintenance choice. */
export function maintenanceRequest(input: MaintenanceInput): MaintenanceDecision {
  const messages = messagesOf(input.messages);
  if (
    Object.values(messages).some((message) => [...(message ?? "")].length > MAINTENANCE_MESSAGE_MAX_LENGTH)
  ) {
    return { error: "StudioSwitch_MessageTooLong" };
  }
  const withMessages = Object.keys(messages).length > 0 ? { messages } : {};
  switch (input.action) {
    case "on":
      return { body: { enabled: true, ...withMessages } };
    case "off":
      return { body: { enabled: false } };
    case "end": {
      const end = localInstant(input.endsAt);
      if (end === null) return { error: "StudioSwitch_EndMissing" };
      if (end <= input.now) return { error: "StudioSwitch_EndInPast" };
      return { body: { enabled: true, endsAt: new Date(end).toISOString() } };
    }
    case "window": {
      const start = localInstant(input.startsAt);
      const end = localInstant(input.endsAt);
      if (start === null) return { error: "StudioSwitch_StartMissing" };
      if (end === null) return { error: "StudioSwitch_EndMissing" };
      if (start <= input.now) return { error: "StudioSwitch_StartInPast" };
      if (end <= start) return { error: "StudioSwitch_EndBeforeStart" };
      return {
        body: {
          enabled: true,
          startsAt: new Date(start).toISOString(),
          endsAt: new Date(end).toISOString(),
          ...withMessages,
        },
      };
    }
  }
}

/** What the gateway answered a maintenance request, as the sentence announced (a text key and its values). */
export function maintenanceOutcome(
  body: MaintenanceBody,
  answer: { version?: number; scheduled?: unknown },
  formatInstant: (epochMs: number) => string,
): { key: string; params: Record<string, string | number> } {
  const scheduled = (answer.scheduled ?? {}) as { on?: unknown; off?: unknown };
  const on = typeof scheduled.on === "number" ? formatInstant(scheduled.on) : null;
  const off = typeof scheduled.off === "number" ? formatInstant(scheduled.off) : null;
  if (on && off) return { key: "StudioSwitch_WindowScheduled", params: { on, off } };
  if (on) return { key: "StudioSwitch_OnScheduled", params: { on } };
  if (off && answer.version !== undefined) return { key: "StudioSwitch_OnUntil", params: { off } };
  if (off) return { key: "StudioSwitch_OffScheduled", params: { off } };
  if (answer.version === undefined)
    return { key: body.enabled ? "StudioSwitch_AlreadyOn" : "StudioSwitch_AlreadyOff", params: {} };
  return {
    key: body.enabled ? "StudioSwitch_SwitchedOn" : "StudioSwitch_SwitchedOff",
    params: { version: answer.version },
  };
}

/** The configuration key of signup (server/upstream/auth/signup-routes.ts SIGNUP_ALLOWED_KEY). */
export const SIGNUP_ALLOWED_KEY = "SignupAllowed";
/** The /admin/configuration endpoint (manifests/screens.json adminConfiguration list.endpoint). */
export const CONFIGURATION_ENDPOINT = "Admin/Configuration";
/** The section a new SignupAllowed entry is filed under on /admin/configuration. */
export const SIGNUP_SECTION = "security";

/** Whether signup is open, from the SignupAllowed row as /admin/configuration reads it (null: no row). */
export function signupOpen(row: { Value?: unknown } | null): boolean {
  // §2.1: exactly true opens signup; the list shows a JSON value as its text.
  return row !== null && (row.Value === true || row.Value === "true");
}

/** The call that sets signup: an edit of the row, or its creation when there is none yet. */
export function signupRequest(
  open: boolean,
  rowExists: boolean,
): { path: string; method: "PUT" | "POST"; body: Record<string, unknown> } {
  const value = open ? "true" : "false";
  if (rowExists) {
    return {
      path: `${CONFIGURATION_ENDPOINT}/${encodeURIComponent(SIGNUP_ALLOWED_KEY)}`,
      method: "PUT",
      body: { Value: value },
    };
  }
  return {
    path: CONFIGURATION_ENDPOINT,
    method: "POST",
    body: { Key: SIGNUP_ALLOWED_KEY, Section: SIGNUP_SECTION, Value: value },
  };
}
