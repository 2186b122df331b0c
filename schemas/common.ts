/**
 * Building blocks shared by every manifest schema. Each is a plain JSON Schema
 * fragment, inlined where used so each generated schema stays self-contained.
 */

/** The manifest header every document carries: its editor schema and its version. */
export const manifestHeaderProperties = {
  $schema: {
    type: "string",
    description: "Relative path of the generated JSON Schema, for editors.",
  },
  version: {
    type: "integer",
    minimum: 1,
    description: "Version of this document; a published edit always increases it.",
  },
} as const;

/** A translation key: must exist in locales/en.json (cross-checked by scripts/check-manifests.ts). */
export const textKey = {
  type: "string",
  pattern: "^[A-Za-z][A-Za-z0-9_.]*$",
  maxLength: 120,
  description: "Translation key looked up in locales/<lang>.json.",
} as const;

/** An identifier: letters, digits and underscores, starting with a letter. */
export const identifier = {
  type: "string",
  pattern: "^[A-Za-z][A-Za-z0-9_]*$",
  maxLength: 80,
  description: "Identifier made of letters, digits and underscores.",
} as const;

/** An in-app absolute path (same-origin, relative): starts with one slash, never two or a backslash. */
export const appPath = {
  type: "string",
  pattern: "^/(?![/\\\\])[^\\s\\\\]*$",
  maxLength: 300,
  description: "Same-origin path starting with a single '/'.",
} as const;

/** A route pattern in react-router syntax: static segments, `:param` and optional `:param?` segments. */
export const routePattern = {
  type: "string",
  pattern: "^/$|^(/(:[A-Za-z][A-Za-z0-9]*\\??|[a-z0-9][a-z0-9.-]*))+$",
  maxLength: 200,
  description:
    "Route path pattern, e.g. /dashboards/:folderRecId? — lower-case static segments and named parameters.",
} as const;
