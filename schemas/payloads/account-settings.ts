/**
 * The account's own settings (§2.2 /accountsettings; §3 User Account… fields, §6 logo and title
 * rules): what `GET Account/Settings` answers, what `PUT Account/Settings` accepts, and the embedding
 * allow-list (the pages' CSP frame-ancestors, DESIGN.md §4) the gateway reads from
 * `GET {webservices}/Gateway/Embedding/…`.
 */
import type { FromSchema, JSONSchema } from "json-schema-to-ts";
import { singleLineText } from "../text-rules.ts";

/** Most origins an account may allow to embed it. */
export const EMBEDDING_ORIGINS_MAX = 20;
/** Longest account name. */
export const ACCOUNT_NAME_MAX_LENGTH = 100;
/** Longest custom menu title. */
export const MENU_TITLE_MAX_LENGTH = 60;

const label = "[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?";
const port = "(?::(?:6553[0-5]|655[0-2]\\d|65[0-4]\\d\\d|6[0-4]\\d{3}|[1-5]\\d{4}|[1-9]\\d{0,3}))?";

/**
 * An embedding origin: `https://host[:port]`, optionally `https://*.domain.tld[:port]` (a leading
 * wildcard label over at least two labels), or `http://localhost[:port]` / `http://127.0.0.1[:port]`
 * for local development. Lower case, no path, query, fragment, user info or other wildcards.
 */
export const EMBEDDING_ORIGIN_PATTERN =
  `^(?:https://(?:\\*\\.${label}\\.${label}(?:\\.${label})*|${label}(?:\\.${label})*)${port}` +
  `|http://(?:localhost|127\\.0\\.0\\.1)${port})$`;

const embeddingOrigin = {
  type: "string",
  maxLength: 253,
  pattern: EMBEDDING_ORIGIN_PATTERN,
  description:
    "Origin allowed to frame the app: https://host[:port] or https://*.domain.tld[:port]; http only for localhost.",
} as const;

const embeddingOrigins = {
  type: "array",
  items: embeddingOrigin,
  maxItems: EMBEDDING_ORIGINS_MAX,
  uniqueItems: true,
  description: "Origins allowed to embed the app in a frame (CSP frame-ancestors); empty: nobody.",
} as const;

/** A brand colour: `#rrggbb` (stored in lower case), or null for the product's own colour. */
const brandColour = {
  type: ["string", "null"],
  pattern: "^#[0-9A-Fa-f]{6}$",
  description:
    "A colour #rrggbb, or null for the product's own; held to WCAG 2.2 AA by core/branding/contrast.ts.",
} as const;

/**
 * The account's shell colours (DESIGN.md: white-label accounts have their own shell's colours).
 * Optional in a change, where an absent colour stays as stored and null restores the product's.
 */
const brandColours = {
  BrandPrimaryColor: {
    ...brandColour,
    description: "Fill of the top menu bar under white text; null: the product's own (4.5:1 with white).",
  },
  BrandAccentColor: {
    ...brandColour,
    description:
      "Links, primary buttons, focus and selection; null: the product's own (4.5:1 on the light page).",
  },
} as const;

const editable = {
  Name: {
    ...singleLineText,
    minLength: 1,
    maxLength: ACCOUNT_NAME_MAX_LENGTH,
    description: "Company name (§3 AccountName); not blank.",
  },
  MenuLogoStyle: {
    enum: ["Standard", "Wide", "None"],
    description: "How the menu logo shows; None hides it (§6).",
  },
  MenuDisplayTitleType: {
    enum: ["CompanyName", "Custom", "None"],
    description: "Top bar title: the company name, the custom title, or nothing (§6).",
  },
  MenuTitle: {
    ...singleLineText,
    maxLength: MENU_TITLE_MAX_LENGTH,
    description: "Custom title; not blank when MenuDisplayTitleType is Custom.",
  },
  TwoFactorAuthenticationPolicy: {
    enum: ["Disabled", "Optional", "Required"],
    description: "The account's 2FA policy (§3 AccountTwoFactorAuthenticationPolicy).",
  },
  ShowHelpLinks: { type: "boolean", description: "Show the help links to the account's users (§6)." },
  EmbeddingOrigins: embeddingOrigins,
} as const;

/** Body of PUT Account/Settings: every setting an account owner may change, all of them at once. */
export const accountSettingsUpdateSchema = {
  $id: "accountSettingsUpdate",
  type: "object",
  description:
    "The account settings an owner may change. Domain, white-label flag and subscription are not among them.",
  properties: { ...editable, ...brandColours },
  required: [
    "Name",
    "MenuLogoStyle",
    "MenuDisplayTitleType",
    "MenuTitle",
    "TwoFactorAuthenticationPolicy",
    "ShowHelpLinks",
    "EmbeddingOrigins",
  ],
  additionalProperties: false,
} as const satisfies JSONSchema;

/** Response of GET and PUT Account/Settings. */
export const accountSettingsSchema = {
  $id: "accountSettings",
  type: "object",
  description: "The caller's account settings: the changeable ones and, read-only, domain and plan.",
  properties: {
    ...editable,
    ...brandColours,
    AccountRecId: { type: "integer", minimum: 1, description: "The account's record id." },
    Domain: { type: "string", description: "The account's domain (read-only)." },
    DomainType: { enum: ["Subdomain", "CustomDomain"], description: "How the domain is served (read-only)." },
    IsWhiteLabel: { type: "boolean", description: "White-label account (read-only)." },
    SubscriptionType: { type: "string", description: "Subscription plan (read-only)." },
    LogoUID: {
      type: ["string", "null"],
      description: "UID for {webservices}/account/logo/{logoUid} (§7); null without any logo.",
    },
    PrimaryLogoIsSet: { type: "boolean", description: "A primary logo is stored." },
    MenuLogoIsSet: { type: "boolean", description: "A menu logo is stored (§3 AccountMenuLogoIsSet)." },
    CanEdit: { type: "boolean", description: "The caller holds AccountSettings rw." },
  },
  required: [
    ...accountSettingsUpdateSchema.required,
    "BrandPrimaryColor",
    "BrandAccentColor",
    "AccountRecId",
    "Domain",
    "DomainType",
    "IsWhiteLabel",
    "SubscriptionType",
    "LogoUID",
    "PrimaryLogoIsSet",
    "MenuLogoIsSet",
    "CanEdit",
  ],
  additionalProperties: false,
} as const satisfies JSONSchema;

/** Answer of the gateway's embedding calls: the origins allowed to frame the page. */
export const embeddingOriginsSchema = {
  $id: "embeddingOrigins",
  type: "object",
  description: "Origins allowed to frame an account's pages or a public share page (frame-ancestors).",
  properties: { Origins: embeddingOrigins },
  required: ["Origins"],
  additionalProperties: false,
} as const satisfies JSONSchema;

export type AccountSettingsUpdate = FromSchema<typeof accountSettingsUpdateSchema>;
export type AccountSettings = FromSchema<typeof accountSettingsSchema>;
export type EmbeddingOrigins = FromSchema<typeof embeddingOriginsSchema>;
