/**
 * The timers of one hub connection: the handshake deadline, the keep-alive Ping and the client
 * timeout. Idle watches keep a single timer each and re-arm it lazily from the last activity time,
 * so traffic never has to touch a timer.
 */

/** Named timers of one connection; `stop()` clears them all and refuses new ones. */
export class ConnectionTimers {
  readonly #timers = new Map<string, NodeJS.Timeout>();
  #stopped = false;

  /** Runs `callback` once after `delayMs`, unless cleared or stopped first. Replaces a timer of the same name. */
  after(name: string, delayMs: number, callback: () => void): void {
    if (this.#stopped) return;
    clearTimeout(this.#timers.get(name));
    const timer = setTimeout(() => {
      this.#timers.delete(name);
      callback();
    }, delayMs);
    // Open sockets keep the process alive anyway; these timers must never be the reason it stays up.
    timer.unref();
    this.#timers.set(name, timer);
  }

  /**
   * Calls `onIdle` whenever `lastActivity()` (a `Date.now()` time) is at least `intervalMs` old, then
   * watches again; activity in between only postpones the next check.
   */
  whenIdle(name: string, intervalMs: number, lastActivity: () => number, onIdle: () => void): void {
    const check = (): void => {
      const idleMs = Date.now() - lastActivity();
      if (idleMs < intervalMs) {
        this.after(name, intervalMs - idleMs, check);
      } else {
        onIdle();
        this.after(name, intervalMs, check);
      }
    };
    this.after(name, intervalMs, check);
  }

  /** Cancels one timer. */
  clear(name: string): void {
    clearTimeout(this.#timers.get(name));
    this.#timers.delete(name);
  }

  /** Whether a timer of that name is pending. */
  has(name: string): boolean {
    return this.#timers.has(name);
  }

  /** Cancels every timer; later `after`/`whenIdle` calls do nothing. */
  stop(): void {
    this.#stopped = true;
    for (const timer of this.#timers.values()) clearTimeout(timer);
    this.#timers.clear();
  }
}
