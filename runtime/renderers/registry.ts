/**
 * Registries are data plus one small mechanism: exact lookup by kind,
 * duplicate registration throws, unknown kinds resolve to a visible fallback,
 * entries load lazily.
 */
import { type ComponentType, type LazyExoticComponent, lazy } from "react";

/** Loads the module of one entry on first use. */
export type LazyLoader<P> = () => Promise<{ default: ComponentType<P> }>;

/** A registry of lazily loaded components keyed by kind. */
export class LazyRegistry<P extends object> {
  readonly #loaders = new Map<string, LazyLoader<P>>();
  readonly #components = new Map<string, LazyExoticComponent<ComponentType<P>>>();

  constructor(
    readonly name: string,
    readonly fallback: ComponentType<P & { kind: string }>,
  ) {}

  /** Registers `kind`; a second registration of the same kind is a programming error. */
  register(kind: string, loader: LazyLoader<P>): this {
    if (this.#loaders.has(kind)) throw new Error(`${this.name}: kind "${kind}" is already registered`);
    this.#loaders.set(kind, loader);
    return this;
  }

  /** True when `kind` has an entry (exact, case-sensitive). */
  has(kind: string): boolean {
    return this.#loaders.has(kind);
  }

  /** Registered kinds, sorted. */
  kinds(): string[] {
    return [...this.#loaders.keys()].sort();
  }

  /** The lazy component for `kind`, or null when unknown (render the fallback). */
  resolve(kind: string): LazyExoticComponent<ComponentType<P>> | null {
    const cached = this.#components.get(kind);
    if (cached) return cached;
    const loader = this.#loaders.get(kind);
    if (!loader) return null;
    const component = lazy(loader);
    this.#components.set(kind, component);
    return component;
  }
}
