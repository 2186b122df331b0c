/**
 * The admin client scripts of §7 (/ws/Client/Admin/Constants and /ws/Client/Admin/Config): the
 * enumerations admin screens use, and the non-secret runtime configuration.
 */
import { NOTIFICATION_CODES } from "../../../schemas/payloads/notification-record.ts";
import { SUPPORTED_LANGUAGES } from "../account/languages.ts";
import { ADMIN_MODULE_KEYS } from "../identity/admin-modules.ts";
import { FEATURE_AVAILABILITIES, FEATURES } from "../identity/features.ts";
import {
  CAPABILITY_PERMISSION_KEYS,
  MENU_PERMISSION_KEYS,
  PERMISSION_KEY_ALIASES,
} from "../identity/permission-keys.ts";
import {
  HOME_PAGE_TYPES,
  MENU_LOGO_STYLES,
  MENU_TITLE_TYPES,
  TWO_FACTOR_POLICIES,
} from "../store/records.ts";
import { CHAT_MESSAGE_TYPES, FILE_ITEM_TYPES } from "../store/records-content.ts";

/** Object types of the user area (§3). */
export const USER_OBJECT_TYPES = [
  "Dashboard",
  "Binder",
  "LiveDoc",
  "DataTable",
  "DataFusion",
  "DataMerge",
  "DataView",
  "DataHook",
  "DataStream",
  "DataConnection",
  "ConnectionBroker",
  "DataFlow",
  "DataLoader",
  "DataScript",
  "Insight",
  "Report",
  "Alert",
  "Schedule",
  "AddOn",
  "Task",
  "User",
  "Menu",
  "Role",
  "Team",
  "SupportSession",
  "SupportTicket",
  "API",
  "Project",
  "Media",
] as const;

/** Object types of the admin area (§3). */
export const ADMIN_OBJECT_TYPES = [
  "Account",
  "User",
  "InternalUser",
  "BlockedLogin",
  "Prospect",
  "SubscriptionTemplate",
  "Invoice",
  "CreditNote",
  "SupportTicket",
  "Project",
  "TimeTracking",
  "SupportSession",
  "Help",
  "QueryFunctionCatalogue",
  "LoginAnnouncement",
  "SystemMedia",
  "DataLoader",
  "ApplicationLog",
  "Task",
  "EmailOutbound",
  "EmailInbound",
  "EmailSpam",
  "Database",
  "Boss",
  "Worker",
  "Connector",
] as const;

/** Chat attachment maximum: 2 MB (§9), in bytes. */
export const CHAT_ATTACHMENT_MAX_BYTES = 2 * 1024 * 1024;

/** The constants document. */
export function adminConstants() {
  return {
    AdminModules: ADMIN_MODULE_KEYS,
    UserObjectTypes: USER_OBJECT_TYPES,
    AdminObjectTypes: ADMIN_OBJECT_TYPES,
    RolePermissionKeys: MENU_PERMISSION_KEYS,
    CapabilityPermissionKeys: CAPABILITY_PERMISSION_KEYS,
    PermissionKeyAliases: PERMISSION_KEY_ALIASES,
    PermissionLevels: ["r", "rw"],
    Features: FEATURES.map((f) => ({
      Id: f.id,
      SessionFlag: "sessionFlag" in f ? f.sessionFlag : null,
      ConfigName: "configName" in f ? f.configName : null,
    })),
    FeatureAvailabilities: FEATURE_AVAILABILITIES,
    TwoFactorPolicies: TWO_FACTOR_POLICIES,
    MenuLogoStyles: MENU_LOGO_STYLES,
    MenuTitleTypes: MENU_TITLE_TYPES,
    HomePageTypes: HOME_PAGE_TYPES,
    NotificationCodes: NOTIFICATION_CODES,
    ChatMessageTypes: CHAT_MESSAGE_TYPES,
    FileSystemItemTypes: FILE_ITEM_TYPES,
    InvoiceStatuses: ["Due", "Paid", "Failed", "Void"],
    Languages: SUPPORTED_LANGUAGES.map((l) => ({ Code: l.code, Name: l.name })),
    Limits: { ChatAttachmentMaxBytes: CHAT_ATTACHMENT_MAX_BYTES },
  };
}
