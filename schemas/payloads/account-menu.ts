/**
 * The account's custom menu (DESIGN.md §3 account layer; §6 "A menu … is configurable"): per
 * section of the navigation panel, the order of its link keys, the keys hidden for everyone in the
 * account, and optionally a custom section title. It only hides and reorders links the menus
 * manifest already has: it never adds a link nor grants access.
 */
import type { FromSchema, JSONSchema } from "json-schema-to-ts";
import { singleLineText } from "../text-rules.ts";

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

/** The key that can never be hidden: the /menus link is the way back to this editor. */
export const ACCOUNT_MENU_UNHIDEABLE_KEY = "Menus";

/** Longest custom section title. */
export const MENU_SECTION_TITLE_MAX_LENGTH = 40;

const menuKey = {
  enum: ACCOUNT_MENU_KEYS,
  description: "Role permission key of the links (§6).",
} as const;

const section = {
  type: "object",
  description: "How one section of the navigation panel is shown to the account.",
  properties: {
    Id: { enum: ACCOUNT_MENU_SECTION_IDS, description: "Section id (§6 menu sections)." },
    Title: {
      ...singleLineText,
      maxLength: MENU_SECTION_TITLE_MAX_LENGTH,
      description: "Custom section title; empty: the default title.",
    },
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
  description: "The account's custom menu: order, hidden keys and titles per section.",
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
