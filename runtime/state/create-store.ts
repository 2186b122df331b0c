import { type Draft, produce } from "immer";
import { useSyncExternalStore } from "react";

/** A small immutable store: state replaced through immer recipes, observed by React. */
export interface Store<S> {
  get(): S;
  update(recipe: (draft: Draft<S>) => void): void;
  subscribe(listener: () => void): () => void;
}

/** Creates a store holding `initial`. */
export function createStore<S>(initial: S): Store<S> {
  let state = initial;
  const listeners = new Set<() => void>();
  return {
    get: () => state,
    update(recipe) {
      const next = produce(state, recipe);
      if (next === state) return;
      state = next;
      for (const listener of listeners) listener();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** Reads a store (or a slice of it) in a component, re-rendering on change. */
export function useStore<S, T = S>(store: Store<S>, select: (state: S) => T = (s) => s as unknown as T): T {
  return useSyncExternalStore(store.subscribe, () => select(store.get()));
}
