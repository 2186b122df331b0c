/**
 * One copy of a value many tabs hold: a thousand tabs of one build report the same build and the
 * same renderer and dialog lists, and hold one of each. Counted, so a value no tab holds any more is
 * dropped — a tab sending ever-new reports cannot grow the pool beyond what open tabs hold.
 */

/** A pooled value and how many holders it has (the pool's own entry: release it, never change it). */
export interface Interned<T> {
  readonly key: string;
  readonly value: T;
  holders: number;
}

/** Values by key, each kept while something holds it. */
export class InternPool<T> {
  readonly #entries = new Map<string, Interned<T>>();

  /** The pooled value of `key`, or `value` pooled under it when there is none; the caller holds it once more. */
  acquire(key: string, value: T): Interned<T> {
    let entry = this.#entries.get(key);
    if (!entry) {
      entry = { key, value, holders: 0 };
      this.#entries.set(key, entry);
    }
    entry.holders++;
    return entry;
  }

  /** Lets go of one hold; the last one drops the value. */
  release(entry: Interned<T>): void {
    entry.holders--;
    if (entry.holders <= 0 && this.#entries.get(entry.key) === entry) this.#entries.delete(entry.key);
  }

  /** Distinct values held. */
  get size(): number {
    return this.#entries.size;
  }
}
