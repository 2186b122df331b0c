/**
 * Client preferences (§3): theme (light, dark or sync; light by default, §9), theme style (rounded or
 * square), the contrast option (§1) and at most 8 recent colour-picker colours (§9).
 */
import Ajv from "ajv";

/** Most recent colours kept (§9). */
export const MAX_RECENT_COLORS = 8;

/** The preferences JSON Schema (also the PUT /User/Interface body's InterfacePreferences). */
export const interfacePreferencesSchema = {
  type: "object",
  description: "Interface preferences of the user.",
  properties: {
    theme: { enum: ["light", "dark", "sync"], description: "Stored theme; sync follows the system." },
    themeStyle: { enum: ["rounded", "square"], description: "Theme style." },
    contrast: { type: "boolean", description: "High-contrast variant of the theme." },
    welcomeSeen: {
      type: "boolean",
      description: "The welcome tutorial was seen; until then it is due (§4.2).",
    },
    recentColors: {
      type: "array",
      maxItems: MAX_RECENT_COLORS,
      items: {
        type: "string",
        pattern: "^#[0-9A-Fa-f]{6}$",
        description: "A colour as #rrggbb (what the colour picker stores).",
      },
      description: "Most recent colour-picker colours, newest first.",
    },
  },
  additionalProperties: false,
} as const;

/** Stored preferences, with defaults filled in. */
export interface InterfacePreferences {
  theme: "light" | "dark" | "sync";
  themeStyle: "rounded" | "square";
  contrast: boolean;
  welcomeSeen: boolean;
  recentColors: string[];
}

/** Defaults: light, rounded, no contrast, no colours (§9). */
export const DEFAULT_INTERFACE_PREFERENCES: InterfacePreferences = {
  theme: "light",
  themeStyle: "rounded",
  contrast: false,
  welcomeSeen: false,
  recentColors: [],
};

const validate = new Ajv({ strict: true, allErrors: false }).compile(interfacePreferencesSchema);

/** Validates preferences sent as an object or as a JSON string (§3: it may arrive as a string). */
export function parseInterfacePreferences(input: unknown): InterfacePreferences | undefined {
  let value = input;
  if (typeof value === "string") {
    try {
      value = JSON.parse(value);
    } catch {
      return undefined;
    }
  }
  if (!validate(value)) return undefined;
  return { ...DEFAULT_INTERFACE_PREFERENCES, ...(value as Partial<InterfacePreferences>) };
}

/** Reads stored preferences, falling back to the defaults for a missing or unreadable value. */
export function storedInterfacePreferences(json: string | null): InterfacePreferences {
  return (
    (json === null ? undefined : parseInterfacePreferences(json)) ?? { ...DEFAULT_INTERFACE_PREFERENCES }
  );
}
