/**
 * The queue's clocks (§4.4 staff side): how long a member has waited, as the console shows it
 * ("0:42", "1:05:09") and as the machine-readable duration of its <time> element.
 */

/** `m:ss` under an hour, `h:mm:ss` from one hour; negative or fractional input is floored at 0. */
export function waitingClock(seconds: number): string {
  const total = Math.max(0, Math.floor(Number.isFinite(seconds) ? seconds : 0));
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const rest = String(total % 60).padStart(2, "0");
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, "0")}:${rest}` : `${minutes}:${rest}`;
}

/** The HTML duration of `seconds` (the <time> element's datetime), e.g. `PT42S`. */
export function durationAttribute(seconds: number): string {
  return `PT${Math.max(0, Math.floor(Number.isFinite(seconds) ? seconds : 0))}S`;
}
