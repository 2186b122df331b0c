/**
 * Registries are data plus one small mechanism: exact lookup by kind,
 * duplicate registration throws, unknown kinds resolve to a visible fallback,
 * entries load lazily — but for the few that ship with the entry (registerLoaded).
 */
import { type ComponentType, lazy } from "react";

/** Loads the module of one entry on first use. */
export type LazyLoader<P> = () => Promise<{ default: ComponentType<P> }>;

/** A registry of lazily loaded components keyed by kind. */
export class LazyRegistry<P extends object> {
  readonly #loaders = new Map<string, LazyLoader<P>>();
  readonly #components = new Map<string, ComponentType<P>>();
  readonly #loading = new Map<string, ReturnType<LazyLoader<P>>>();
  /** Components whose module has arrived (a preloaded first screen renders without suspending). */
  readonly #loaded = new Map<string, ComponentType<P>>();

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

  /**
   * Registers `kind` with a module already loaded, one the entry imports statically: it resolves
   * to the module's own component at once and preloads nothing. For the rare entry the first paint
   * of most visits needs, whose chunks would cost requests before it on a cold load.
   */
  registerLoaded(kind: string, module: Awaited<ReturnType<LazyLoader<P>>>): this {
    this.register(kind, () => Promise.resolve(module));
    this.#loading.set(kind, Promise.resolve(module));
    this.#loaded.set(kind, module.default);
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

  /**
   * Starts loading `kind`'s module ahead of its first render (the boot preloads the first
   * route's screen while the rest of the boot runs); resolves once it has arrived (never rejects:
   * a failed load is retried, and shown, by the render), or null when `kind` is unknown.
   */
  preload(kind: string): Promise<void> | null {
    const loading = this.#load(kind);
    return loading
      ? loading.then(
          () => undefined,
          () => undefined,
        )
      : null;
  }

  /** One load per kind, shared by preload and the lazy component; a failed load may be retried. */
  #load(kind: string): ReturnType<LazyLoader<P>> | null {
    const pending = this.#loading.get(kind);
    if (pending) return pending;
    const loader = this.#loaders.get(kind);
    if (!loader) return null;
    const started = loader();
    this.#loading.set(kind, started);
    started.then(
      (module) => this.#loaded.set(kind, module.default),
      () => this.#loading.delete(kind),
    );
    return started;
  }

  /**
   * The component for `kind`, or null when unknown (render the fallback): the module's own
   * component when it has arrived already — a lazy one would suspend once and React holds a
   * revealed Suspense boundary back for its fallback throttle (~300 ms) — else a lazy one. The
   * first answer for a kind is kept, so a rendered screen never changes type (and never remounts).
   */
  resolve(kind: string): ComponentType<P> | null {
    const cached = this.#components.get(kind);
    if (cached) return cached;
    if (!this.#loaders.has(kind)) return null;
    const component = this.#loaded.get(kind) ?? lazy(() => this.#load(kind) as ReturnType<LazyLoader<P>>);
    this.#components.set(kind, component);
    return component;
  }
}
