/** A value that can be read now and watched for changes (the hub client's status). */

/** Read side of an observable value. */
export interface ReadonlyObservable<T> {
  /** The current value. */
  get(): T;
  /** Calls `listener` on every change (not with the current value); returns the unsubscribe function. */
  subscribe(listener: (value: T) => void): () => void;
}

/** An observable value; `set` notifies only when the value changes. */
export class ObservableValue<T> implements ReadonlyObservable<T> {
  readonly #listeners = new Set<(value: T) => void>();

  constructor(private value: T) {}

  get(): T {
    return this.value;
  }

  set(value: T): void {
    if (Object.is(value, this.value)) return;
    this.value = value;
    for (const listener of [...this.#listeners]) {
      try {
        listener(value);
      } catch (error) {
        // One failing listener must not keep the others from hearing of the change.
        console.error("status listener failed", error);
      }
    }
  }

  subscribe(listener: (value: T) => void): () => void {
    this.#listeners.add(listener);
    return () => {
      this.#listeners.delete(listener);
    };
  }
}
