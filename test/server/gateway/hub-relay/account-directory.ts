/**
 * The relay's `accountOf` for tests: the account of each gateway session, set by the test, and
 * lookups that can be held unanswered (the session store still reading) and answered later.
 */

/** Accounts by gateway session id, and every lookup the relay made. */
export class AccountDirectory {
  readonly accounts = new Map<string, number>();
  /** Session ids, one per lookup, in order. */
  readonly lookups: string[] = [];
  /** Lookups waiting while held; null when lookups answer at once. */
  #waiting: (() => void)[] | null = null;
  /** While set, a lookup throws (the session store failed). */
  failing = false;

  /** The option: the session's account at the time the lookup answers. */
  readonly accountOf = (sessionId: string): Promise<number | null> => {
    this.lookups.push(sessionId);
    const answer = () => {
      if (this.failing) throw new Error("session store unavailable");
      return this.accounts.get(sessionId) ?? null;
    };
    const waiting = this.#waiting;
    if (waiting === null) return Promise.resolve().then(answer);
    return new Promise((resolve, reject) =>
      waiting.push(() => {
        try {
          resolve(answer());
        } catch (error) {
          reject(error);
        }
      }),
    );
  };

  /** Lookups from now on wait for `answerHeld`. */
  hold(): void {
    this.#waiting ??= [];
  }

  /** Answers the held lookups (with the accounts as they are now); later lookups answer at once. */
  answerHeld(): void {
    const waiting = this.#waiting ?? [];
    this.#waiting = null;
    for (const answer of waiting) answer();
  }

  /** Lookups of `sessionId` so far. */
  lookupsOf(sessionId: string): number {
    return this.lookups.filter((id) => id === sessionId).length;
  }
}
