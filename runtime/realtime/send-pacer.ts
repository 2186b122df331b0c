/**
 * Paces what a tab sends so it stays well under the gateway's per-tab frame rate (which closes the
 * socket with 1008 when exceeded): a token bucket refilled `perSecond` times a second, holding at
 * most `perSecond`. Pure apart from the clock, which is injectable.
 */

/** Frames a tab sends per second at most: half the gateway's default limit of 20, leaving room for pongs. */
export const DEFAULT_MAX_SENDS_PER_SECOND = 10;

/** A token bucket for outgoing frames. */
export class SendPacer {
  #tokens: number;
  #last: number;

  constructor(
    readonly perSecond: number = DEFAULT_MAX_SENDS_PER_SECOND,
    readonly now: () => number = () => Date.now(),
  ) {
    this.#tokens = perSecond;
    this.#last = now();
  }

  #refill(): void {
    const now = this.now();
    this.#tokens = Math.min(this.perSecond, this.#tokens + ((now - this.#last) * this.perSecond) / 1000);
    this.#last = now;
  }

  /** Frames that may be sent right now. */
  available(): number {
    this.#refill();
    return Math.floor(this.#tokens);
  }

  /** Spends one token; false (nothing spent) when none is left. */
  take(): boolean {
    this.#refill();
    if (this.#tokens < 1) return false;
    this.#tokens -= 1;
    return true;
  }

  /** Milliseconds until the next token (0 when one is available). */
  msUntilNext(): number {
    this.#refill();
    return this.#tokens >= 1 ? 0 : Math.ceil(((1 - this.#tokens) * 1000) / this.perSecond);
  }
}
