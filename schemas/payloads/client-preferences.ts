import type { FromSchema, JSONSchema } from "json-schema-to-ts";
import { languageCode } from "./fields.ts";

/** Most recent colour-picker colours kept per user (§9). */
export const MAX_RECENT_COLORS = 8;

/**
 * The user's interface preferences (§3 Client preferences). Every property is optional: a user who
 * never changed a preference has none stored, and the runtime then applies the defaults named below.
 */
export const clientPreferences = {
  type: "object",
  description: "Interface preferences of a user: theme, theme style and recent colour-picker colours (§3).",
  properties: {
    theme: {
      type: "string",
      enum: ["light", "dark", "sync"],
      description: "Stored theme; sync follows the system dark/light preference; light when absent (§9).",
    },
    themeStyle: {
      type: "string",
      enum: ["rounded", "square"],
      description: "Theme style (§9); rounded when absent.",
    },
    contrast: {
      type: "boolean",
      description:
        "The high-contrast variant of the theme is on (§1: contrast is also offered); false when absent.",
    },
    welcomeSeen: {
      type: "boolean",
      description: "The user has seen the welcome tutorial; until then it is due after login (§4.2).",
    },
    recentColors: {
      type: "array",
      items: {
        type: "string",
        pattern: "^#[0-9A-Fa-f]{6}$",
        description: "A colour as #rrggbb.",
      },
      maxItems: MAX_RECENT_COLORS,
      uniqueItems: true,
      description: "The most recent colour-picker colours, most recent first, at most 8 (§9).",
    },
  },
  additionalProperties: false,
} as const;

/** The client preferences, as stored and as parsed from the session's InterfacePreferences (§3). */
export const clientPreferencesSchema = {
  $id: "clientPreferences",
  ...clientPreferences,
} as const satisfies JSONSchema;

/** Body of PUT /User/Interface (§7): the runtime always sends the preferences as an object. */
export const interfacePreferencesUpdateSchema = {
  $id: "interfacePreferencesUpdate",
  type: "object",
  description:
    "Body of PUT /User/Interface: save the user's interface preferences (§7) and, with LanguageCode, " +
    "the user's language (§1 counts it among the preferences; §4.2: login sets the language from it).",
  properties: {
    InterfacePreferences: { ...clientPreferences, description: "The complete preferences to store (§3)." },
    LanguageCode: {
      ...languageCode,
      description:
        "The user's interface language; absent keeps the stored one. Not sent while impersonating " +
        "(§4.2: the impersonation language cookie holds that choice).",
    },
  },
  required: ["InterfacePreferences"],
  additionalProperties: false,
} as const satisfies JSONSchema;

export type ClientPreferences = FromSchema<typeof clientPreferencesSchema>;
export type InterfacePreferencesUpdate = FromSchema<typeof interfacePreferencesUpdateSchema>;
