/**
 * A clock for the configuration plane's schedule (ConfigClock) that moves only when told: advancing
 * it runs every timer that fell due, in order.
 */
import type { ConfigClock } from "../../server/gateway/config/config-plane.ts";

export class ManualClock implements ConfigClock {
  #timers = new Map<number, { at: number; run: () => void }>();
  #next = 1;

  constructor(public ms = Date.UTC(2026, 11, 1, 9, 0, 0)) {}

  now(): number {
    return this.ms;
  }

  schedule(run: () => void, delayMs: number): unknown {
    const id = this.#next++;
    this.#timers.set(id, { at: this.ms + delayMs, run });
    return id;
  }

  cancel(handle: unknown): void {
    this.#timers.delete(handle as number);
  }

  /** Moves time on by `ms` and runs the timers due by then. */
  advance(ms: number): void {
    this.ms += ms;
    const due = [...this.#timers].filter(([, t]) => t.at <= this.ms).sort((a, b) => a[1].at - b[1].at);
    for (const [id, timer] of due) {
      this.#timers.delete(id);
      timer.run();
    }
  }

  /** Timers armed and not yet run. */
  get pending(): number {
    return this.#timers.size;
  }
}
