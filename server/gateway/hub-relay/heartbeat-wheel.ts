/**
 * One shared timer for the upstream leg's time-based duties (DESIGN.md §4 heartbeats): keep-alive
 * Pings, the server timeout and the invocation timeouts of every upstream hub connection. A timer
 * per connection and per invocation would cost a Timeout object each (and a re-arm on every frame)
 * for thousands of mostly idle connections; the wheel costs one interval while anything is on it.
 * Members only keep timestamps; each tick asks them to act on what is due.
 */

/** Something the wheel checks on every tick. */
export interface WheelMember {
  /** Acts on whatever is due at `now` (performance.now() milliseconds). */
  onTick(now: number): void;
}

/** Coarsest tick: a deadline is acted on at most this late. */
export const WHEEL_MAX_TICK_MS = 1_000;
/** Finest tick (tests use deadlines of tens of milliseconds). */
export const WHEEL_MIN_TICK_MS = 5;

/** The tick for the shortest deadline a member keeps: a quarter of it, within the bounds above. */
export function wheelTickFor(shortestDeadlineMs: number): number {
  return Math.min(WHEEL_MAX_TICK_MS, Math.max(WHEEL_MIN_TICK_MS, Math.floor(shortestDeadlineMs / 4)));
}

/** A shared interval that runs only while it has members (unref'd: it never keeps the process up). */
export class HeartbeatWheel {
  readonly #members = new Set<WheelMember>();
  #timer: NodeJS.Timeout | undefined;

  constructor(readonly tickMs: number) {
    if (!Number.isFinite(tickMs) || tickMs <= 0)
      throw new TypeError("HeartbeatWheel: tickMs must be positive");
  }

  /** How many members the wheel checks. */
  get size(): number {
    return this.#members.size;
  }

  add(member: WheelMember): void {
    this.#members.add(member);
    this.#timer ??= setInterval(() => this.#tick(), this.tickMs).unref();
  }

  delete(member: WheelMember): void {
    this.#members.delete(member);
    if (this.#members.size > 0 || this.#timer === undefined) return;
    clearInterval(this.#timer);
    this.#timer = undefined;
  }

  #tick(): void {
    const now = performance.now();
    for (const member of this.#members) member.onTick(now);
  }
}
