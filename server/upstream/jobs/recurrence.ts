/**
 * When schedules and alerts run (§2.2 Automation): every N minutes, every hour at a minute, or
 * every day at a time of day (UTC). The request schema of a recurrence and the next run after a
 * moment. A run that was missed while the service was down happens once, at the next tick, and the
 * recurrence continues from then — missed runs are not replayed one by one.
 */
import { badRequest } from "../http/errors.ts";
import type { Recurrence } from "../store/types/automation.ts";

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;
/** Shortest interval of the every-N-minutes recurrence. */
export const MIN_INTERVAL_MINUTES = 5;
/** Longest interval of the every-N-minutes recurrence (a week). */
export const MAX_INTERVAL_MINUTES = 7 * 24 * 60;

/** The closed schema of a recurrence: Frequency plus the one field it needs. */
export const recurrenceSchema = {
  type: "object",
  description: "How often it runs (times of day are UTC).",
  properties: {
    Frequency: { enum: ["Minutes", "Hourly", "Daily"], description: "Every N minutes, hourly or daily." },
    IntervalMinutes: {
      type: "integer",
      minimum: MIN_INTERVAL_MINUTES,
      maximum: MAX_INTERVAL_MINUTES,
      description: "Minutes between runs (Minutes).",
    },
    Minute: { type: "integer", minimum: 0, maximum: 59, description: "Minute of the hour (Hourly)." },
    Time: {
      type: "string",
      pattern: "^([01][0-9]|2[0-3]):[0-5][0-9]$",
      description: "Time of day, HH:MM UTC (Daily).",
    },
  },
  required: ["Frequency"],
  additionalProperties: false,
} as const;

/** A recurrence as the schema lets it through. */
export interface RecurrenceInput {
  Frequency: "Minutes" | "Hourly" | "Daily";
  IntervalMinutes?: number;
  Minute?: number;
  Time?: string;
}

/** The recurrence, or 400 when the field its frequency needs is missing or another one is given. */
export function toRecurrence(input: RecurrenceInput): Recurrence {
  const fields = Object.keys(input).filter((key) => key !== "Frequency");
  const need = { Minutes: "IntervalMinutes", Hourly: "Minute", Daily: "Time" }[input.Frequency];
  if (fields.length !== 1 || fields[0] !== need) {
    throw badRequest("InvalidRequest", `A ${input.Frequency} recurrence takes ${need} and nothing else.`);
  }
  if (input.Frequency === "Minutes")
    return { Frequency: "Minutes", IntervalMinutes: input.IntervalMinutes as number };
  if (input.Frequency === "Hourly") return { Frequency: "Hourly", Minute: input.Minute as number };
  return { Frequency: "Daily", Time: input.Time as string };
}

/** The first run strictly after `after` (epoch ms). */
export function nextRunAfter(recurrence: Recurrence, after: number): number {
  if (recurrence.Frequency === "Minutes") return after + recurrence.IntervalMinutes * MINUTE_MS;
  if (recurrence.Frequency === "Hourly") {
    const candidate = Math.floor(after / HOUR_MS) * HOUR_MS + recurrence.Minute * MINUTE_MS;
    return candidate > after ? candidate : candidate + HOUR_MS;
  }
  const [hours, minutes] = recurrence.Time.split(":").map(Number) as [number, number];
  const candidate = Math.floor(after / DAY_MS) * DAY_MS + hours * HOUR_MS + minutes * MINUTE_MS;
  return candidate > after ? candidate : candidate + DAY_MS;
}

/** The recurrence as the API returns it. */
export function recurrenceBody(recurrence: Recurrence): RecurrenceInput {
  return { ...recurrence };
}
