import type { FromSchema, JSONSchema } from "json-schema-to-ts";
import { appPath, identifier, manifestHeaderProperties, routePattern, textKey } from "./common.ts";

/** A query value built from a path parameter of the matched route, or a literal. */
const queryValue = {
  oneOf: [
    {
      type: "object",
      description:
        "Copy the value of a path parameter; the query entry is left out when the parameter is absent.",
      properties: { param: { ...identifier, description: "Name of the path parameter to copy." } },
      required: ["param"],
      additionalProperties: false,
    },
    {
      type: "object",
      description: "A literal value.",
      properties: { value: { type: "string", maxLength: 200, description: "The literal query value." } },
      required: ["value"],
      additionalProperties: false,
    },
  ],
} as const;

const queryMap = {
  type: "object",
  description: "Query parameters to add, keyed by query parameter name.",
  propertyNames: { pattern: "^[A-Za-z][A-Za-z0-9_]*$" },
  additionalProperties: queryValue,
} as const;

const screenTarget = {
  type: "object",
  description: "Render a screen through the renderer registry.",
  properties: {
    kind: { ...identifier, description: "Renderer kind, looked up exactly in the renderer registry." },
    objectTypes: {
      type: "array",
      items: identifier,
      uniqueItems: true,
      description: "Object types (§3) the screen shows, for explorers, viewers and editors.",
    },
    screenId: { ...identifier, description: "Id of a manifest-defined screen in the screens manifest." },
    view: { enum: ["list", "viewer", "editor"], description: "Which view of the object the screen opens." },
    showExitButton: {
      type: "boolean",
      description: "Whether a viewer shows its exit button (false on /mobile/report).",
    },
  },
  required: ["kind"],
  additionalProperties: false,
} as const;

const redirectTarget = {
  type: "object",
  description: "Redirect to another in-app path, mapping path parameters into the target path or its query.",
  properties: {
    to: {
      ...appPath,
      description: "Target path; ':name' segments are replaced by the matched parameters of the same name.",
    },
    query: queryMap,
    keepQuery: { type: "boolean", description: "Keep the incoming query string (default false)." },
  },
  required: ["to"],
  additionalProperties: false,
} as const;

const legacyTarget = {
  type: "object",
  description: "Show a legacy page in the embedded frame (§2.3).",
  properties: {
    url: { ...appPath, description: "The mapped newer legacy URL, served by the upstream." },
    query: queryMap,
    confirmLeave: {
      type: "boolean",
      description:
        "Ask the framed page (postMessage) before leaving; it may cancel the navigation (§4.1 step 8).",
    },
  },
  required: ["url"],
  additionalProperties: false,
} as const;

const externalTarget = {
  type: "object",
  description: "Send the browser to an external site named in the shell manifest (e.g. the help site).",
  properties: {
    site: { enum: ["help"], description: "Which configured external site." },
    pathParams: {
      type: "array",
      items: identifier,
      description: "Path parameters appended, in order, to the site's base URL when present.",
    },
  },
  required: ["site"],
  additionalProperties: false,
} as const;

/** Access rules of one route (§2, §4.1, §5 access checks, §6). */
export const routeAccessSchema = {
  type: "object",
  description: "Who may open the route.",
  properties: {
    public: { type: "boolean", description: "Reachable without a session; skips login (§4.1 step 7)." },
    notLoggedInOnly: {
      type: "boolean",
      description: "Only for visitors without a session; a logged-in user is sent to / (§2.1).",
    },
    signupGate: {
      type: "boolean",
      description: "Reachable only when the shell allows signup; else /login (§2.1).",
    },
    features: {
      type: "array",
      items: identifier,
      uniqueItems: true,
      description: "Subscription features that must be Included; otherwise /upgrade (§4.1 step 11).",
    },
    permission: { ...identifier, description: "Role permission key that must be present (§4.1 step 12)." },
    permissionLevel: { enum: ["r", "rw"], description: "Minimum level of the permission (default r)." },
    adminModules: {
      type: "array",
      items: identifier,
      uniqueItems: true,
      description: "Admin modules of which any one must have Read; otherwise / (§4.1 additional rules).",
    },
    mobile: { type: "boolean", description: "The route is marked mobile (§2.2)." },
  },
  additionalProperties: false,
} as const satisfies JSONSchema;

/** One route of §2.1–2.4. Exactly one of screen, redirect, legacy or external. */
export const routeSchema = {
  type: "object",
  description: "A route: a path pattern, what it opens, and who may open it.",
  properties: {
    id: { ...identifier, description: "Unique route id." },
    path: routePattern,
    mode: {
      enum: ["app", "help"],
      description:
        "Application mode the route belongs to (default app); help mode has a single route (§2.1).",
    },
    screen: screenTarget,
    redirect: redirectTarget,
    legacy: legacyTarget,
    external: externalTarget,
    paramPatterns: {
      type: "object",
      description:
        "Regular expressions a path parameter must match (e.g. numeric ids); otherwise the path is unknown.",
      propertyNames: { pattern: "^[A-Za-z][A-Za-z0-9]*$" },
      additionalProperties: { type: "string", maxLength: 100 },
    },
    access: routeAccessSchema,
    shellProfile: {
      enum: ["full", "public", "embedded", "mobileReport", "help"],
      description: "Which shell wraps the screen; public forces the light rounded theme (§2.1).",
    },
    titleKey: { ...textKey, description: "Translation key of the page title (§4.1 additional rules)." },
  },
  required: ["id", "path"],
  oneOf: [
    { required: ["screen"] },
    { required: ["redirect"] },
    { required: ["legacy"] },
    { required: ["external"] },
  ],
  additionalProperties: false,
} as const satisfies JSONSchema;

export const routesManifestSchema = {
  $id: "routes",
  type: "object",
  description: "Every route of the product (SPEC §2.1–2.4).",
  properties: {
    ...manifestHeaderProperties,
    notFoundRedirect: { ...appPath, description: "Where unknown paths go (§2.2: '/')." },
    routes: {
      type: "array",
      items: routeSchema,
      minItems: 1,
      description: "The routes, most specific first.",
    },
  },
  required: ["version", "notFoundRedirect", "routes"],
  additionalProperties: false,
} as const satisfies JSONSchema;

export type RouteAccess = FromSchema<typeof routeAccessSchema>;
export type RouteDefinition = FromSchema<typeof routeSchema>;
export type RoutesManifest = FromSchema<typeof routesManifestSchema>;
