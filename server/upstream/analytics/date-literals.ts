/**
 * Date literals of queries and stored date cells, read one way everywhere: ISO 8601 text, a day
 * (`2025-03-31`) or an instant (`2025-03-31T12:00`, seconds, milliseconds and a zone optional; no
 * zone means UTC). A day stands for the whole UTC day, so `OrderDate Equals 2025-03-31` matches every
 * time of that day and `Between [2025-01-01, 2025-03-31]` includes the 31st until midnight.
 */

/**
 * The form of a date literal, also used by the engine on stored cells (so both read the same texts):
 * years 1000–9999, a time of 00:00–23:59(:59(.999)), a zone Z or ±hh:mm.
 */
export const DATE_LITERAL_PATTERN =
  "^([1-9][0-9]{3})-([0-9]{2})-([0-9]{2})(?:T([01][0-9]|2[0-3]):([0-5][0-9])(?::([0-5][0-9])(?:\\.([0-9]{1,3}))?)?(Z|[+-](?:[01][0-9]|2[0-3]):[0-5][0-9])?)?$";
const DATE = new RegExp(DATE_LITERAL_PATTERN);
const DAY_MS = 86_400_000;

/** The time a literal stands for: [startMs, endMs) for a day, the one instant startMs = endMs otherwise. */
export interface DateSpan {
  startMs: number;
  endMs: number;
  /** A day's end is excluded (the next midnight); an instant's end is the instant itself. */
  endInclusive: boolean;
}

/** The span of a date literal, or undefined when the text is not one (or names no real date). */
export function dateSpan(text: string): DateSpan | undefined {
  const match = DATE.exec(text);
  if (!match) return undefined;
  const [, year, month, day, hour, minute, second, millis, zone] = match;
  const dayMs = Date.UTC(Number(year), Number(month) - 1, Number(day));
  const date = new Date(dayMs);
  // Date.UTC rolls 2025-02-30 over into March: such a text names no date.
  if (
    date.getUTCFullYear() !== Number(year) ||
    date.getUTCMonth() !== Number(month) - 1 ||
    date.getUTCDate() !== Number(day)
  ) {
    return undefined;
  }
  if (hour === undefined) return { startMs: dayMs, endMs: dayMs + DAY_MS, endInclusive: false };
  const offsetMs = zoneOffsetMs(zone);
  const instant =
    dayMs +
    Number(hour) * 3_600_000 +
    Number(minute) * 60_000 +
    Number(second ?? 0) * 1000 +
    Number((millis ?? "0").padEnd(3, "0")) -
    offsetMs;
  return { startMs: instant, endMs: instant, endInclusive: true };
}

function zoneOffsetMs(zone: string | undefined): number {
  if (zone === undefined || zone === "Z") return 0;
  const hours = Number(zone.slice(1, 3));
  const minutes = Number(zone.slice(4, 6));
  return (zone.startsWith("-") ? -1 : 1) * (hours * 60 + minutes) * 60_000;
}

/** The instant a stored date cell holds (a day: its midnight UTC), or undefined for anything else. */
export function dateInstantMs(text: string): number | undefined {
  return dateSpan(text)?.startMs;
}
