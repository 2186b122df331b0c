import type { FromSchema, JSONSchema } from "json-schema-to-ts";
import { appPath, identifier, manifestHeaderProperties, textKey } from "./common.ts";

/** An icon name of the icon set (kebab-case, without weight prefix; weights are listed in the constants, §9). */
const iconName = {
  type: "string",
  pattern: "^[a-z0-9]+(-[a-z0-9]+)*$",
  maxLength: 60,
  description: "Icon name in kebab-case, e.g. chart-pie; rendered in the default icon weight.",
} as const;

/** A /admin/… path of an admin screen (§2.3, §2.4): lower-case static segments only. */
const adminPath = {
  type: "string",
  pattern: "^/admin(/[a-z0-9]+)+$",
  maxLength: 200,
  description: "Path of the admin screen, '/admin/' followed by lower-case static segments (§2.5).",
} as const;

/*
 * Conditions are data (§6). JSON Schema allows recursion but json-schema-to-ts does not, so nesting is
 * bounded: a condition is an atom or a combinator (allOf / anyOf / not) of up to three levels.
 * Every atom evaluates against the logged-in session (§3 User), the resolved permissions manifest and
 * the resolved shell manifest; menus are never evaluated without a session.
 */

const permissionAtom = {
  type: "object",
  description:
    "True iff the user's RolePermissions (§3 permission string, parsed with the aliases of the permissions " +
    "manifest) hold the key at the given level or higher (rw includes r). An absent key is false.",
  properties: {
    permission: { ...identifier, description: "Role permission key (§6), canonical spelling." },
    level: { enum: ["r", "rw"], description: "Minimum level; default r." },
  },
  required: ["permission"],
  additionalProperties: false,
} as const;

const featureAtom = {
  type: "object",
  description:
    "True iff the subscription feature's availability on the session is Included (§5 access checks). " +
    "Optional, absent or any other value is false. For a config-only feature (IntegrationAPI) the value of " +
    "its Features… config name is used.",
  properties: {
    feature: { ...identifier, description: "Feature id of the permissions manifest." },
  },
  required: ["feature"],
  additionalProperties: false,
} as const;

const sessionFlagAtom = {
  type: "object",
  description:
    "True iff the named boolean field of the User session (§3) is exactly true; absent or any other value " +
    "is false. Impersonation has its own atom.",
  properties: {
    sessionFlag: {
      enum: ["ShowHelpLinks", "IsAdmin", "MustSetup2FA", "AccountIsWhiteLabel", "AccountMenuLogoIsSet"],
      description: "Boolean User field (§3).",
    },
  },
  required: ["sessionFlag"],
  additionalProperties: false,
} as const;

const impersonatingAtom = {
  type: "object",
  description:
    "True iff (User.Impersonating === true) equals the given value: {impersonating: true} holds while an " +
    "administrator impersonates the user, {impersonating: false} otherwise (§4.2).",
  properties: {
    impersonating: { type: "boolean", description: "Expected impersonation state." },
  },
  required: ["impersonating"],
  additionalProperties: false,
} as const;

const twoFactorPolicyAtom = {
  type: "object",
  description:
    "True iff (User.AccountTwoFactorAuthenticationPolicy, as a string, equals case-insensitively one of " +
    "sessionValues.twoFactorPoliciesAllowingSettings) equals the given value. An absent policy never allows.",
  properties: {
    twoFactorPolicyAllowsSettings: {
      type: "boolean",
      description:
        "Expected result of 'the account's 2FA policy lets the user manage 2FA in My Settings' (§6).",
    },
  },
  required: ["twoFactorPolicyAllowsSettings"],
  additionalProperties: false,
} as const;

const passwordSignOnAtom = {
  type: "object",
  description:
    "True iff (User.AuthenticationProtocol, as a string, equals case-insensitively one of " +
    "sessionValues.passwordAuthenticationProtocols) equals the given value. An absent protocol is not password.",
  properties: {
    passwordSignOn: {
      type: "boolean",
      description:
        "Expected result of 'the user signs on with a password' (as opposed to single sign-on, §6).",
    },
  },
  required: ["passwordSignOn"],
  additionalProperties: false,
} as const;

const shellFlagAtom = {
  type: "object",
  description:
    "True iff the named boolean setting of the resolved shell manifest (account layer included) is true.",
  properties: {
    shellFlag: {
      enum: ["videoTutorials", "signupAllowed"],
      description:
        "Boolean shell setting: videoTutorials (welcome tutorial available, §6) or signupAllowed (§2.1).",
    },
  },
  required: ["shellFlag"],
  additionalProperties: false,
} as const;

const adminModuleAtom = {
  type: "object",
  description:
    "True iff the user's AdminPermissions map (§3) has an entry for the module whose Read flag (access read, " +
    "the default) or Write flag (access write) is exactly true.",
  properties: {
    adminModule: { ...identifier, description: "Admin module key." },
    access: { enum: ["read", "write"], description: "Which flag must be set; default read." },
  },
  required: ["adminModule"],
  additionalProperties: false,
} as const;

const conditionAtom = {
  description: "A condition atom: exactly one of the atoms below.",
  oneOf: [
    permissionAtom,
    featureAtom,
    sessionFlagAtom,
    impersonatingAtom,
    twoFactorPolicyAtom,
    passwordSignOnAtom,
    shellFlagAtom,
    adminModuleAtom,
  ],
} as const;

/** The combinators allOf / anyOf / not over the given operand schema (one nesting level). */
function combinatorsOver<const Operand>(operand: Operand) {
  return [
    {
      type: "object",
      description: "True iff every operand is true.",
      properties: {
        allOf: {
          type: "array",
          items: operand,
          minItems: 1,
          description: "Operands, all of which must hold.",
        },
      },
      required: ["allOf"],
      additionalProperties: false,
    },
    {
      type: "object",
      description: "True iff at least one operand is true.",
      properties: {
        anyOf: {
          type: "array",
          items: operand,
          minItems: 1,
          description: "Operands, one of which must hold.",
        },
      },
      required: ["anyOf"],
      additionalProperties: false,
    },
    {
      type: "object",
      description: "True iff the operand is false.",
      properties: { not: { ...operand, description: "The negated operand." } },
      required: ["not"],
      additionalProperties: false,
    },
  ] as const;
}

const conditionDescription =
  "Visibility condition of at most three levels. Atoms: permission, feature, sessionFlag, impersonating, " +
  "twoFactorPolicyAllowsSettings, passwordSignOn, shellFlag, adminModule; combinators: allOf, anyOf, not.";
const visibleWhenDescription =
  "Extra condition; the item is shown only when it holds (in addition to its own rules).";

/*
 * The generated schema shares the condition levels by reference from the root `definitions`, so each
 * level is emitted once (inlining three levels at every use made the schema and validators megabytes).
 */
const conditionDefinitions = {
  conditionAtom,
  conditionLevel1: {
    description: "A condition of at most one level: an atom or a combinator of atoms.",
    oneOf: [
      { $ref: "#/definitions/conditionAtom" },
      ...combinatorsOver({ $ref: "#/definitions/conditionAtom" } as const),
    ],
  },
  conditionLevel2: {
    description: "A condition of at most two levels.",
    oneOf: [
      { $ref: "#/definitions/conditionAtom" },
      ...combinatorsOver({ $ref: "#/definitions/conditionLevel1" } as const),
    ],
  },
  condition: {
    description: conditionDescription,
    oneOf: [
      { $ref: "#/definitions/conditionAtom" },
      ...combinatorsOver({ $ref: "#/definitions/conditionLevel2" } as const),
    ],
  },
} as const;

/*
 * json-schema-to-ts cannot follow those nested $refs, so the TypeScript types come from a twin of the
 * schema with the same levels inlined; both come from combinatorsOver and menusManifestBody, so they cannot drift.
 */
const inlineConditionLevel1 = { oneOf: [conditionAtom, ...combinatorsOver(conditionAtom)] } as const;
const inlineConditionLevel2 = { oneOf: [conditionAtom, ...combinatorsOver(inlineConditionLevel1)] } as const;
const inlineVisibleWhen = {
  description: visibleWhenDescription,
  oneOf: [conditionAtom, ...combinatorsOver(inlineConditionLevel2)],
} as const;

const externalTarget = {
  type: "object",
  description: "An external page configured in the shell manifest, opened in a new tab (rel=noopener).",
  properties: {
    site: {
      enum: ["help"],
      description: "External site of the shell manifest: help = externalSites.help (§7 help URLs by type).",
    },
    page: {
      enum: ["faq", "tutorials", "releaseNotes"],
      description:
        "Page type; the URL is externalSites.help.baseUrl followed by externalSites.help.pages[page].",
    },
  },
  required: ["site", "page"],
  additionalProperties: false,
} as const;

/** Literal texts of the account's custom menu by interface language (§1), e.g. {"de": "Datensätze"}. */
const literalByLanguage = {
  type: "object",
  propertyNames: { enum: ["en", "de", "es", "fr", "nl", "pt", "it"] },
  additionalProperties: {
    type: "string",
    minLength: 1,
    maxLength: 40,
    description: "The text in that language.",
  },
} as const;

/**
 * The menus manifest schema without its $id, with `visibleWhen` as the schema of every item's extra
 * condition (a $ref in the generated schema, the inlined levels for the TypeScript types).
 */
function menusManifestBody<const VisibleWhen>(visibleWhen: VisibleWhen) {
  const mainLink = {
    type: "object",
    description:
      "A navigation panel link (§2.5). Shown iff (adminOnly is false or User.IsAdmin is true) and the role " +
      "permission key is held at level r or higher (§6) and visibleWhen holds. The feature does not hide it.",
    properties: {
      id: { ...identifier, description: "Id, unique within the menus manifest." },
      textKey: { ...textKey, description: "Translation key of the link text." },
      link: {
        ...appPath,
        description: "In-app path the link opens (§2.5: prefixed with /); must match a route.",
      },
      key: {
        ...identifier,
        description: "Role permission key that governs the entry (§6); without it the entry is hidden.",
      },
      feature: {
        ...identifier,
        description:
          "Subscription feature of the screen. Not a visibility rule (§2.5: entries follow the role permission): " +
          "when it is not Included the link is badged as an upgrade and the guard sends it to /upgrade (§4.1 step 11).",
      },
      adminOnly: { type: "boolean", description: "Hidden from users whose IsAdmin is not true (§6)." },
      text: {
        type: "string",
        minLength: 1,
        maxLength: 40,
        description:
          "Literal name set by the account's custom menu (account layer) for every language without a " +
          "name in textByLanguage; shown instead of textKey's text.",
      },
      textByLanguage: {
        ...literalByLanguage,
        description:
          "Literal names set by the account's custom menu, by interface language; they win over text.",
      },
      visibleWhen,
    },
    required: ["id", "textKey", "link", "key", "adminOnly"],
    additionalProperties: false,
  } as const;

  const mainSection = {
    type: "object",
    description: "A navigation panel section (§2.5). Hidden when none of its links is visible (§6).",
    properties: {
      id: { ...identifier, description: "Id, unique within the menus manifest." },
      titleKey: { ...textKey, description: "Translation key of the section title." },
      title: {
        type: "string",
        minLength: 1,
        maxLength: 40,
        description:
          "Literal title set by the account's custom menu (account layer); shown instead of titleKey's text.",
      },
      titleByLanguage: {
        ...literalByLanguage,
        description:
          "Literal titles set by the account's custom menu, by interface language; they win over title.",
      },
      icon: { ...iconName, description: "Icon shown before the section title." },
      column: {
        enum: [1, 2],
        description: "Column of the panel (constants.menuColumns: 2) the section sits in.",
      },
      links: { type: "array", items: mainLink, minItems: 1, description: "Links, in display order." },
      visibleWhen,
    },
    required: ["id", "titleKey", "icon", "column", "links"],
    additionalProperties: false,
  } as const;

  const adminLink = {
    type: "object",
    description:
      "An admin menu link. Shown iff the user's AdminPermissions entry for the module has Read (§6) and " +
      "visibleWhen holds.",
    properties: {
      id: { ...identifier, description: "Id, unique within the menus manifest." },
      textKey: { ...textKey, description: "Translation key of the link text." },
      link: adminPath,
      adminModule: {
        ...identifier,
        description: "Admin module whose Read permission the screen needs (§6).",
      },
      visibleWhen,
    },
    required: ["id", "textKey", "link", "adminModule"],
    additionalProperties: false,
  } as const;

  const adminSection = {
    type: "object",
    description: "An admin menu section. Hidden when none of its links is visible (§6).",
    properties: {
      id: { ...identifier, description: "Id, unique within the menus manifest." },
      titleKey: { ...textKey, description: "Translation key of the section title." },
      icon: { ...iconName, description: "Icon shown before the section title." },
      column: {
        enum: [1, 2, 3, 4],
        description: "Column of the admin menu (constants.adminMenuColumns: 4) the section sits in.",
      },
      links: { type: "array", items: adminLink, minItems: 1, description: "Links, in display order." },
      visibleWhen,
    },
    required: ["id", "titleKey", "icon", "column", "links"],
    additionalProperties: false,
  } as const;

  const menuEntry = {
    type: "object",
    description:
      "An entry of the user or help menu: shown iff visibleWhen holds (always when absent). Exactly one of " +
      "link, dialog, external or action says what it does.",
    properties: {
      id: { ...identifier, description: "Id, unique within the menus manifest." },
      textKey: {
        ...textKey,
        description:
          "Translation key of the entry text. For action switchLanguage it receives {{language}}, the native " +
          "name of the language switched to.",
      },
      icon: { ...iconName, description: "Icon shown before the text." },
      separatorBefore: {
        type: "boolean",
        description: "Draw a separator above the entry when a visible entry precedes it (default false).",
      },
      visibleWhen,
      link: { ...appPath, description: "In-app path to navigate to; must match a route." },
      dialog: {
        enum: ["mySettings", "exports", "newSupportTicket", "welcome", "customerEffortRating"],
        description: "Dialog registry id of a menu dialog (§2.5) to open.",
      },
      external: externalTarget,
      action: {
        enum: ["signOut", "stopImpersonation", "switchLanguage"],
        description:
          "Built-in action: signOut navigates to /logout (§2.2); stopImpersonation calls v2/User/StopImpersonate " +
          "through the gateway and reloads the session (§7); switchLanguage toggles the interface language " +
          "between ImpersonatorLanguageCode and LanguageCode, kept in the impersonation language cookie (§4.2).",
      },
    },
    required: ["id", "textKey"],
    oneOf: [
      { required: ["link"] },
      { required: ["dialog"] },
      { required: ["external"] },
      { required: ["action"] },
    ],
    additionalProperties: false,
  } as const;

  const dropdownMenu = {
    type: "object",
    description:
      "A top menu bar dropdown (§2.5). Shown iff visibleWhen holds and at least one entry is visible.",
    properties: {
      titleKey: { ...textKey, description: "Translation key of the button's accessible name and tooltip." },
      icon: { ...iconName, description: "Icon of the button." },
      visibleWhen,
      entries: { type: "array", items: menuEntry, minItems: 1, description: "Entries, in display order." },
    },
    required: ["titleKey", "icon", "entries"],
    additionalProperties: false,
  } as const;

  return {
    type: "object",
    description: "The menus of the top menu bar (SPEC §2.5, §6). Ids are unique across the whole document.",
    properties: {
      ...manifestHeaderProperties,
      sessionValues: {
        type: "object",
        description: "Session field values the condition atoms compare against.",
        properties: {
          twoFactorPoliciesAllowingSettings: {
            type: "array",
            items: { type: "string", minLength: 1, maxLength: 60 },
            uniqueItems: true,
            description:
              "AccountTwoFactorAuthenticationPolicy values under which users manage 2FA themselves.",
          },
          passwordAuthenticationProtocols: {
            type: "array",
            items: { type: "string", minLength: 1, maxLength: 60 },
            uniqueItems: true,
            description: "AuthenticationProtocol values that mean sign-on by password.",
          },
        },
        required: ["twoFactorPoliciesAllowingSettings", "passwordAuthenticationProtocols"],
        additionalProperties: false,
      },
      main: {
        type: "object",
        description:
          "The navigation panel: up to constants.menuColumns columns, constants.menuDropdownWidthPx wide (§9).",
        properties: {
          titleKey: { ...textKey, description: "Translation key of the panel button's accessible name." },
          icon: { ...iconName, description: "Icon of the panel button." },
          sections: {
            type: "array",
            items: mainSection,
            minItems: 1,
            description: "Sections, in display order.",
          },
        },
        required: ["titleKey", "icon", "sections"],
        additionalProperties: false,
      },
      admin: {
        type: "object",
        description:
          "The admin menu: up to constants.adminMenuColumns columns, at most constants.adminMenuMaxWidthPx wide " +
          "(§9). Shown iff at least one of its links is visible (§6).",
        properties: {
          titleKey: {
            ...textKey,
            description: "Translation key of the admin menu button's accessible name.",
          },
          icon: { ...iconName, description: "Icon of the admin menu button." },
          sections: {
            type: "array",
            items: adminSection,
            minItems: 1,
            description: "Sections, in display order.",
          },
        },
        required: ["titleKey", "icon", "sections"],
        additionalProperties: false,
      },
      user: { ...dropdownMenu, description: "The user menu (§2.5, §4.2, §6)." },
      help: { ...dropdownMenu, description: "The help menu (§2.5, §6)." },
    },
    required: ["version", "sessionValues", "main", "admin", "user", "help"],
    additionalProperties: false,
  } as const;
}

/** The menus manifest: navigation panel, admin menu, user menu and help menu (§2.5, §6). */
export const menusManifestSchema = {
  $id: "menus",
  ...menusManifestBody({ $ref: "#/definitions/condition", description: visibleWhenDescription } as const),
  definitions: conditionDefinitions,
} as const satisfies JSONSchema;

/** A menus manifest document. */
export type MenusManifest = FromSchema<ReturnType<typeof menusManifestBody<typeof inlineVisibleWhen>>>;
/** A visibility condition (the schema's definitions/condition). */
export type MenuCondition = NonNullable<MenusManifest["help"]["visibleWhen"]>;
/** A section of the navigation panel. */
export type MainMenuSection = MenusManifest["main"]["sections"][number];
/** A link of the navigation panel. */
export type MainMenuLink = MainMenuSection["links"][number];
export type AdminMenuSection = MenusManifest["admin"]["sections"][number];
export type AdminMenuLink = AdminMenuSection["links"][number];
/** The user or help menu. */
export type DropdownMenu = MenusManifest["user"];
/** An entry of the user or help menu. */
export type DropdownMenuEntry = DropdownMenu["entries"][number];
