import type { FromSchema, JSONSchema } from "json-schema-to-ts";
import { appPath, identifier, manifestHeaderProperties, textKey } from "./common.ts";

/** An https origin: scheme, lower-case host and optional port; no path, no trailing slash. */
const httpsOrigin = {
  type: "string",
  pattern: "^https://[a-z0-9]([a-z0-9-]*[a-z0-9])?(\\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*(:[0-9]{1,5})?$",
  maxLength: 260,
  description: "An https origin, e.g. https://help.example.com (no path, no trailing slash).",
} as const;

/** An absolute https URL whose origin must be listed in allowedExternalOrigins. */
const httpsUrl = {
  type: "string",
  pattern:
    "^https://[a-z0-9]([a-z0-9-]*[a-z0-9])?(\\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*(:[0-9]{1,5})?(/[^\\s\\\\]*)?$",
  maxLength: 1000,
  description: "Absolute https URL; its origin must be in allowedExternalOrigins.",
} as const;

/** A cookie name: an RFC 6265 token restricted to letters, digits, '_', '-' and '.'. */
const cookieName = {
  type: "string",
  pattern: "^[A-Za-z0-9_.-]+$",
  maxLength: 64,
  description: "Cookie name.",
} as const;

const languageCode = {
  enum: ["en", "de", "es", "fr", "nl", "pt", "it"],
  description: "UI language code (§1, §9).",
} as const;

const storedTheme = {
  enum: ["light", "dark", "sync"],
  description: "Stored theme (§9): light, dark, or sync (follows the system preference, §4.2).",
} as const;

const themeStyle = { enum: ["rounded", "square"], description: "Theme style (§9)." } as const;

const logoStyle = {
  enum: ["wide", "square", "none"],
  description:
    "Logo style: wide (scaled to the bar height, keeping its aspect ratio), square (fitted in a square slot) " +
    "or none (hidden, §6).",
} as const;

const titleType = {
  enum: ["companyName", "custom", "none"],
  description: "Title type (§6): the company name, a custom title, or no title.",
} as const;

const helpPagePath = {
  type: "string",
  pattern: "^/[a-z0-9-]+(/[a-z0-9-]+)*$",
  maxLength: 200,
  description: "Path appended to the help site base URL.",
} as const;

/** The shell manifest: white-label and shell settings (DESIGN §3, SPEC §2.5, §6). */
export const shellManifestSchema = {
  $id: "shell",
  type: "object",
  description:
    "White-label and shell settings. The base document holds the defaults; an account layer (white-label) " +
    "overrides them. Session fields named below win over the manifest when they carry a recognised value.",
  properties: {
    ...manifestHeaderProperties,
    productNameKey: {
      ...textKey,
      description: "Translation key of the product name: document title suffix and fallback logo alt text.",
    },
    logo: {
      type: "object",
      description:
        "The account logo of the top menu bar (§2.5), loaded from {webservices}/account/logo/{AccountLogoUID} " +
        "(§7). It is shown iff show is true, the effective style is not none, and the account is not a " +
        "white-label account without a menu logo (AccountIsWhiteLabel true and AccountMenuLogoIsSet not true) (§6).",
      properties: {
        show: {
          type: "boolean",
          description: "Master switch; false hides the logo whatever the session says.",
        },
        style: {
          ...logoStyle,
          description:
            "Default logo style, used when the session's AccountMenuLogoStyle is absent or not one of wide, " +
            "square, none (compared case-insensitively).",
        },
        altKey: {
          ...textKey,
          description:
            "Translation key of the logo's alternative text; receives {{accountName}} (AccountName).",
        },
        link: { ...appPath, description: "Where a click on the logo goes (§2.2: /)." },
      },
      required: ["show", "style", "altKey", "link"],
      additionalProperties: false,
    },
    title: {
      type: "object",
      description:
        "The title next to the logo (§6). The effective type is the session's AccountMenuDisplayTitleType when " +
        "it is companyName, custom or none (compared case-insensitively), else type. companyName shows " +
        "AccountName; custom shows AccountMenuTitle as plain text when it is non-blank, else the text of " +
        "customTitleKey when set, else nothing; none shows nothing.",
      properties: {
        type: { ...titleType, description: "Default title type." },
        customTitleKey: {
          ...textKey,
          description: "Translation key of an operator-defined custom title, used when the session has none.",
        },
      },
      required: ["type"],
      additionalProperties: false,
    },
    theme: {
      type: "object",
      description:
        "Theme defaults (§1, §9) for users without a stored preference; the user's InterfacePreferences win.",
      properties: {
        default: { ...storedTheme, description: "Stored theme used when the user has none (§9: light)." },
        contrast: { type: "boolean", description: "Whether the high-contrast variant is on by default." },
        contrastOffered: {
          type: "boolean",
          description: "Whether users may switch the contrast variant on (§1).",
        },
        style: { ...themeStyle, description: "Theme style used when the user has none." },
        publicRoutes: {
          type: "object",
          description: "Theme forced on public routes and the help route, on the desktop URL (§2.1).",
          properties: {
            theme: { enum: ["light", "dark"], description: "Forced theme (§2.1: light)." },
            style: { ...themeStyle, description: "Forced style (§2.1: rounded)." },
          },
          required: ["theme", "style"],
          additionalProperties: false,
        },
      },
      required: ["default", "contrast", "contrastOffered", "style", "publicRoutes"],
      additionalProperties: false,
    },
    maintenance: {
      type: "object",
      description:
        "Maintenance mode (§1): while enabled, every path other than pagePath redirects to pagePath.",
      properties: {
        enabled: { type: "boolean", description: "The maintenance flag; pushed live to connected browsers." },
        pagePath: { ...appPath, description: "Path of the maintenance page." },
        titleKey: { ...textKey, description: "Translation key of the maintenance page heading." },
        messageKey: { ...textKey, description: "Translation key of the maintenance page text." },
      },
      required: ["enabled", "pagePath", "titleKey", "messageKey"],
      additionalProperties: false,
    },
    signupAllowed: {
      type: "boolean",
      description: "Whether /signup is reachable; otherwise it redirects to /login (§2.1, §5 access checks).",
    },
    embedded: {
      type: "object",
      description:
        "Embedded mode (§1): the app runs inside a frame of an allowed site (frameAncestors) with a reduced shell.",
      properties: {
        queryParameter: {
          ...identifier,
          description:
            "Query parameter that turns embedded mode on for the browser tab when its value is 1 or true; the " +
            "tab keeps the mode (sessionStorage) until closed.",
        },
        hiddenParts: {
          type: "array",
          items: {
            description: "A shell part.",
            enum: [
              "topMenuBar",
              "navigationPanel",
              "adminMenu",
              "helpMenu",
              "notifications",
              "supportChat",
              "userMenu",
            ],
          },
          uniqueItems: true,
          description:
            "Shell parts (§2.5) not rendered in embedded mode; hiding topMenuBar hides everything on it.",
        },
      },
      required: ["queryParameter", "hiddenParts"],
      additionalProperties: false,
    },
    legacyApplication: {
      type: "object",
      description:
        "The legacy application of §2.3: its pages are same-origin /legacy/… paths that a reverse proxy in front " +
        "of the gateway routes to it. The gateway never serves them itself, so without a legacy application the " +
        "legacy routes show 'not available in this deployment' instead of a frame. Absent: not available.",
      properties: {
        available: {
          type: "boolean",
          description: "Whether this deployment routes /legacy/… to a legacy application.",
        },
      },
      required: ["available"],
      additionalProperties: false,
    },
    frameAncestors: {
      type: "array",
      items: httpsOrigin,
      uniqueItems: true,
      description:
        "Origins allowed to frame the app (CSP frame-ancestors). Empty means 'none': the app cannot be framed.",
    },
    externalSites: {
      type: "object",
      description: "External pages the shell links to. Every origin must be in allowedExternalOrigins.",
      properties: {
        help: {
          type: "object",
          description:
            "The external help site, the help mode of the product (§1, §2.1); help URLs are chosen by type (§7).",
          properties: {
            baseUrl: {
              ...httpsUrl,
              pattern:
                "^https://[a-z0-9]([a-z0-9-]*[a-z0-9])?(\\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*(:[0-9]{1,5})?$",
              description:
                "Origin of the help site; /help/:routeTab?/:routeItemCode? redirects to it with the parameters " +
                "appended (§2.1).",
            },
            pages: {
              type: "object",
              description: "Path of each help page type.",
              properties: {
                faq: { ...helpPagePath, description: "Path of the FAQ." },
                tutorials: { ...helpPagePath, description: "Path of the tutorials." },
                releaseNotes: { ...helpPagePath, description: "Path of the release notes." },
              },
              required: ["faq", "tutorials", "releaseNotes"],
              additionalProperties: false,
            },
          },
          required: ["baseUrl", "pages"],
          additionalProperties: false,
        },
        websocketsHelpUrl: {
          ...httpsUrl,
          description: "Page opened by a click on 'Experiencing network issues' (§8).",
        },
        chatLearnMoreUrl: {
          ...httpsUrl,
          description: "Learn-more link of the chat no-access notice (§6).",
        },
        chatUpgradeLink: {
          anyOf: [appPath, httpsUrl],
          description:
            "Upgrade link of the chat no-access notice (§6): an in-app path or an allowed https URL.",
        },
      },
      required: ["help", "websocketsHelpUrl", "chatLearnMoreUrl", "chatUpgradeLink"],
      additionalProperties: false,
    },
    allowedExternalOrigins: {
      type: "array",
      items: httpsOrigin,
      uniqueItems: true,
      description:
        "The only origins absolute links in manifests may point to (checked at publish, DESIGN §3); https only.",
    },
    videoTutorials: {
      type: "boolean",
      description: "The video tutorials flag: the Welcome tutorial is offered (§4.2, §6).",
    },
    languages: {
      type: "object",
      description: "Interface languages (§1, §4.2, §9).",
      properties: {
        default: {
          ...languageCode,
          description: "Language used when neither the user nor a cookie sets one.",
        },
        available: {
          type: "array",
          description: "Languages offered, in display order.",
          items: {
            type: "object",
            description: "An offered language.",
            properties: {
              code: languageCode,
              nativeName: {
                type: "string",
                minLength: 1,
                maxLength: 40,
                description: "The language's name in itself; never translated.",
              },
            },
            required: ["code", "nativeName"],
            additionalProperties: false,
          },
          minItems: 1,
          maxItems: 7,
        },
        cookieName: { ...cookieName, description: "Cookie holding the interface language (§4.2)." },
        impersonationCookieName: {
          ...cookieName,
          description: "Separate cookie holding the interface language while impersonating (§4.2).",
        },
      },
      required: ["default", "available", "cookieName", "impersonationCookieName"],
      additionalProperties: false,
    },
  },
  required: [
    "version",
    "productNameKey",
    "logo",
    "title",
    "theme",
    "maintenance",
    "signupAllowed",
    "embedded",
    "frameAncestors",
    "externalSites",
    "allowedExternalOrigins",
    "videoTutorials",
    "languages",
  ],
  additionalProperties: false,
} as const satisfies JSONSchema;

/** A shell manifest document. */
export type ShellManifest = FromSchema<typeof shellManifestSchema>;
/** A language offered in the language list. */
export type ShellLanguage = ShellManifest["languages"]["available"][number];
