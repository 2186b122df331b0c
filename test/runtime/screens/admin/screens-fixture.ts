/**
 * The real admin screens of manifests/screens.json, by id, for the admin screen tests: the rules are
 * checked against what the product ships, not against invented screens.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { ScreenDefinition, ScreensManifest } from "../../../../schemas/screens.ts";
import { MANIFESTS_DIR } from "../../../helpers/manifest-fixtures.ts";

const manifest = JSON.parse(readFileSync(join(MANIFESTS_DIR, "screens.json"), "utf8")) as ScreensManifest;

/** The screen `id` of the shipped manifest; throws when it is missing. */
export function shippedScreen(id: string): ScreenDefinition {
  const screen = manifest.screens.find((s) => s.id === id);
  if (!screen) throw new Error(`no screen ${id} in manifests/screens.json`);
  return screen;
}

/** Every shipped screen. */
export const SHIPPED_SCREENS: readonly ScreenDefinition[] = manifest.screens;
