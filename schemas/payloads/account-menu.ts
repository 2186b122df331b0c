/**
 * The account's custom menu (DESIGN.md §3 account layer; §6 "A menu … is configurable"): per
 * section of the navigation panel, the order of its link keys, the keys hidden for everyone in the
 * account, and optionally a custom section title and custom link names. It only hides, reorders and
 * renames links the menus manifest already has: it never adds a link nor grants access.
 *
 * Names (section titles and link names) follow what an admin of a BI tool expects from "rename"
 * (Metabase's and Grafana's admin-set names are one text that every user sees, whatever their
 * language): one text for all seven languages (§1), plus, optionally, a text of its own for any
 * language. A language's own text wins, then the text for all languages, then the default (the
 * menus manifest's translated text key). So an admin who renames "Tables" to "Datasets" sees it
 * renamed for the whole account, and an account working in several languages can still translate.
 */
import type { FromSchema, JSONSchema } from "json-schema-to-ts";
import { nonBlank, singleLineText } from "../text-rules.ts";
import { uiLanguageCodes } from "./fields.ts";

/**
 * The menu sections of §6 (ids as in manifests/menus.json) and the role permission keys in each, in
 * the default order of the navigation panel (§2.5 left menu entries).
 */
export const ACCOUNT_MENU_SECTIONS = {
  data: [
    "TableAndViews",
    "DataFlows",
    "Connections",
    "DataLoaders",
    "DataScripts",
    "DataStreams",
    "DataHooks",
    "MediaManager",
  ],
  analytics: ["Dashboards", "Binders", "Insights", "Reports", "ExternalAddOns", "LiveDocs"],
  automation: ["Schedules", "Alerts", "Tasks"],
  security: ["Users", "Teams", "Roles", "Menus"],
  support: ["SupportTickets", "Projects", "SupportSessions"],
  account: ["AccountSettings", "API", "BillingAndSubscription", "UsageMetrics", "ManagedAccounts"],
} as const;

/** A section id of §6. */
export type AccountMenuSectionId = keyof typeof ACCOUNT_MENU_SECTIONS;

/** The section ids, in §6 order. */
export const ACCOUNT_MENU_SECTION_IDS = Object.keys(ACCOUNT_MENU_SECTIONS) as AccountMenuSectionId[];

/** Every menu key of §6. */
export const ACCOUNT_MENU_KEYS = Object.values(ACCOUNT_MENU_SECTIONS).flat();

/**
 * The links of each section by their id in manifests/menus.json, in the default order, with the
 * role permission key each follows: a name belongs to one link, while order and hiding go by key
 * (Schedules and Schedules history share one).
 */
export const ACCOUNT_MENU_LINKS = {
  data: {
    tables: "TableAndViews",
    dataFlows: "DataFlows",
    connections: "Connections",
    dataLoaders: "DataLoaders",
    dataScripts: "DataScripts",
    dataStreams: "DataStreams",
    dataHooks: "DataHooks",
    documentsAndMedia: "MediaManager",
  },
  analytics: {
    dashboards: "Dashboards",
    binders: "Binders",
    insights: "Insights",
    reports: "Reports",
    externalAddOns: "ExternalAddOns",
    liveDocs: "LiveDocs",
  },
  automation: {
    schedules: "Schedules",
    schedulesHistory: "Schedules",
    alerts: "Alerts",
    alertsHistory: "Alerts",
    tasks: "Tasks",
  },
  security: { users: "Users", teams: "Teams", roles: "Roles", menus: "Menus" },
  support: { supportTickets: "SupportTickets", projects: "Projects", supportSessions: "SupportSessions" },
  account: {
    accountSettings: "AccountSettings",
    api: "API",
    billingAndSubscription: "BillingAndSubscription",
    usageMetrics: "UsageMetrics",
    managedAccounts: "ManagedAccounts",
  },
} as const satisfies {
  [Section in AccountMenuSectionId]: Record<string, (typeof ACCOUNT_MENU_SECTIONS)[Section][number]>;
};

/** Every link id of the navigation panel. */
export const ACCOUNT_MENU_LINK_IDS = Object.values(ACCOUNT_MENU_LINKS).flatMap((links) => Object.keys(links));

/** The key that can never be hidden: the /menus link is the way back to this editor. */
export const ACCOUNT_MENU_UNHIDEABLE_KEY = "Menus";

/** Longest custom section title. */
export const MENU_SECTION_TITLE_MAX_LENGTH = 40;
/** Longest custom link name (the navigation panel's column is as wide as for a section title). */
export const MENU_LINK_NAME_MAX_LENGTH = 40;

const menuKey = {
  enum: ACCOUNT_MENU_KEYS,
  description: "Role permission key of the links (§6).",
} as const;

/** Texts per interface language (§1): each one line, not blank, at most `maxLength` characters. */
function perLanguage<const MaxLength extends number>(maxLength: MaxLength, description: string) {
  return {
    type: "object",
    propertyNames: { enum: uiLanguageCodes },
    additionalProperties: {
      ...nonBlank(singleLineText),
      maxLength,
      description: "The text in that language.",
    },
    maxProperties: uiLanguageCodes.length,
    description,
  } as const;
}

const linkName = {
  type: "object",
  description: "A custom name of one link of the section.",
  properties: {
    Id: { enum: ACCOUNT_MENU_LINK_IDS, description: "Link id of the menus manifest (manifests/menus.json)." },
    Text: {
      ...nonBlank(singleLineText),
      maxLength: MENU_LINK_NAME_MAX_LENGTH,
      description: "The name in every language without a name of its own; absent: the default name.",
    },
    Translations: perLanguage(
      MENU_LINK_NAME_MAX_LENGTH,
      "The name in a language, by language code; it wins over Text in that language.",
    ),
  },
  required: ["Id"],
  additionalProperties: false,
} as const;

const section = {
  type: "object",
  description: "How one section of the navigation panel is shown to the account.",
  properties: {
    Id: { enum: ACCOUNT_MENU_SECTION_IDS, description: "Section id (§6 menu sections)." },
    Title: {
      ...singleLineText,
      maxLength: MENU_SECTION_TITLE_MAX_LENGTH,
      description:
        "Custom section title in every language without a title of its own; empty: the default title.",
    },
    TitleTranslations: perLanguage(
      MENU_SECTION_TITLE_MAX_LENGTH,
      "The custom title in a language, by language code; it wins over Title in that language.",
    ),
    Order: {
      type: "array",
      items: menuKey,
      uniqueItems: true,
      maxItems: 8,
      description: "Keys of the section in display order; keys left out follow in the default order.",
    },
    Hidden: {
      type: "array",
      items: menuKey,
      uniqueItems: true,
      maxItems: 8,
      description: "Keys whose links nobody in the account sees in the navigation panel.",
    },
    Links: {
      type: "array",
      items: linkName,
      maxItems: 8,
      description:
        "Custom link names, each link of the section at most once; a link left out keeps its name.",
    },
  },
  required: ["Id", "Title", "Order", "Hidden"],
  additionalProperties: false,
} as const;

const sections = {
  type: "array",
  items: section,
  maxItems: ACCOUNT_MENU_SECTION_IDS.length,
  description: "Customised sections; a section left out shows as the menus manifest has it.",
} as const;

/** Body of PUT Account/Menu. */
export const accountMenuUpdateSchema = {
  $id: "accountMenuUpdate",
  type: "object",
  description: "The account's custom menu: order, hidden keys, titles and link names per section.",
  properties: { Sections: sections },
  required: ["Sections"],
  additionalProperties: false,
} as const satisfies JSONSchema;

/** Response of GET/PUT Account/Menu and GET Common/AccountMenu. */
export const accountMenuSchema = {
  $id: "accountMenu",
  type: "object",
  description: "The account's custom menu with its version (changes on every save).",
  properties: {
    Sections: sections,
    Version: { type: "integer", minimum: 0, description: "Save counter; 0: never customised." },
    ModifiedAt: {
      type: ["string", "null"],
      format: "date-time",
      description: "Time of the last save (ISO 8601); null: never customised.",
    },
  },
  required: ["Sections", "Version", "ModifiedAt"],
  additionalProperties: false,
} as const satisfies JSONSchema;

export type AccountMenuUpdate = FromSchema<typeof accountMenuUpdateSchema>;
export type AccountMenu = FromSchema<typeof accountMenuSchema>;
export type AccountMenuSection = AccountMenu["Sections"][number];
/** A custom name of one link. */
export type AccountMenuLinkName = NonNullable<AccountMenuSection["Links"]>[number];
/** Texts by interface language. */
export type AccountMenuTranslations = NonNullable<AccountMenuLinkName["Translations"]>;
