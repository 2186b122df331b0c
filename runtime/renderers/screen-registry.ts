import type { ScreenProps } from "./screen-props.ts";
import { LazyRegistry } from "./registry.ts";
import { UnknownRenderer } from "./unknown-renderer.tsx";

/**
 * The screen renderers of the runtime, by renderer kind (routes manifest
 * `screen.kind`). Kinds not registered here render the visible fallback.
 */
export const screenRegistry = new LazyRegistry<ScreenProps>("screens", UnknownRenderer);
