/**
 * The account settings form (§2.2) as pure data: the editable fields of `GET Account/Settings`,
 * what `PUT Account/Settings` is sent, the §6 title rule (a custom title is required only when the
 * title type is Custom), the brand colours' WCAG 2.2 AA rule (core/branding/contrast.ts, the one the
 * upstream applies) and the embedding allow-list editor's rules — the same origin pattern the
 * upstream enforces (schemas/payloads/account-settings.ts), at most EMBEDDING_ORIGINS_MAX entries.
 */
import { brandVerdict } from "../../../core/branding/contrast.ts";
import {
  type AccountSettings,
  type AccountSettingsUpdate,
  EMBEDDING_ORIGIN_PATTERN,
  EMBEDDING_ORIGINS_MAX,
} from "../../../schemas/payloads/account-settings.ts";

/** The form: exactly the fields PUT Account/Settings takes, the brand colours always sent. */
export type AccountSettingsForm = AccountSettingsUpdate & {
  BrandPrimaryColor: string | null;
  BrandAccentColor: string | null;
};

/** The tabs of /accountsettings/{screenTab?}, in order. */
export const ACCOUNT_SETTINGS_TABS = ["general", "branding", "security", "embedding"] as const;

/** The choices of the enumerated fields, in the order the form offers them. */
export const MENU_LOGO_STYLES = ["Standard", "Wide", "None"] as const;
export const MENU_TITLE_TYPES = ["CompanyName", "Custom", "None"] as const;
export const TWO_FACTOR_POLICIES = ["Disabled", "Optional", "Required"] as const;

const ORIGIN = new RegExp(EMBEDDING_ORIGIN_PATTERN);
const DEFAULT_PORT_SUFFIX = { "https:": ":443", "http:": ":80" } as const;

/** The form's starting values from the upstream's answer. */
export function formFromSettings(settings: AccountSettings): AccountSettingsForm {
  return {
    Name: settings.Name,
    MenuLogoStyle: settings.MenuLogoStyle,
    MenuDisplayTitleType: settings.MenuDisplayTitleType,
    MenuTitle: settings.MenuTitle,
    TwoFactorAuthenticationPolicy: settings.TwoFactorAuthenticationPolicy,
    ShowHelpLinks: settings.ShowHelpLinks,
    BrandPrimaryColor: settings.BrandPrimaryColor,
    BrandAccentColor: settings.BrandAccentColor,
    EmbeddingOrigins: [...settings.EmbeddingOrigins],
  };
}

/** The body sent on save: names and titles trimmed (the upstream trims too). */
export function updateFromForm(form: AccountSettingsForm): AccountSettingsForm {
  return { ...form, Name: form.Name.trim(), MenuTitle: form.MenuTitle.trim() };
}

/** The form's colours under the branding rule (the upstream refuses a pair this refuses). */
export function formBrandVerdict(form: Pick<AccountSettingsForm, "BrandPrimaryColor" | "BrandAccentColor">) {
  return brandVerdict({ primary: form.BrandPrimaryColor, accent: form.BrandAccentColor });
}

/** Whether the form differs from the saved settings. */
export function isFormChanged(form: AccountSettingsForm, settings: AccountSettings): boolean {
  return JSON.stringify(updateFromForm(form)) !== JSON.stringify(updateFromForm(formFromSettings(settings)));
}

/** §6: the custom title is required only when the title type is Custom. */
export function customTitleRequired(form: Pick<AccountSettingsForm, "MenuDisplayTitleType">): boolean {
  return form.MenuDisplayTitleType === "Custom";
}

/** An origin as typed, canonicalised: trimmed, lower case, without a trailing slash or default port. */
export function canonicalOrigin(typed: string): string {
  let origin = typed.trim().toLowerCase().replace(/\/+$/, "");
  const scheme = origin.startsWith("https:") ? "https:" : origin.startsWith("http:") ? "http:" : null;
  if (scheme && origin.endsWith(DEFAULT_PORT_SUFFIX[scheme])) {
    origin = origin.slice(0, -DEFAULT_PORT_SUFFIX[scheme].length);
  }
  return origin;
}

/** Why an origin cannot be added: a text key, or null when it can. */
export function originError(list: readonly string[], typed: string): string | null {
  const origin = canonicalOrigin(typed);
  if (origin === "") return "ValidationErrorMessage_Required";
  if (!ORIGIN.test(origin)) return "AccountSettings_OriginInvalid";
  if (list.includes(origin)) return "AccountSettings_OriginDuplicate";
  if (list.length >= EMBEDDING_ORIGINS_MAX) return "AccountSettings_OriginTooMany";
  return null;
}

/** The list with `typed` added (canonical), or the reason it was not. */
export function addOrigin(
  list: readonly string[],
  typed: string,
): { list: string[]; error: null } | { list: readonly string[]; error: string } {
  const error = originError(list, typed);
  return error ? { list, error } : { list: [...list, canonicalOrigin(typed)], error: null };
}

/** The list without `origin`. */
export function removeOrigin(list: readonly string[], origin: string): string[] {
  return list.filter((entry) => entry !== origin);
}

/**
 * The first tab holding a field that fails §5 required (§6: a custom title needs text) or a brand
 * colour under WCAG AA, or null.
 */
export function firstInvalidTab(form: AccountSettingsForm): (typeof ACCOUNT_SETTINGS_TABS)[number] | null {
  if (form.Name.trim() === "") return "general";
  if (customTitleRequired(form) && form.MenuTitle.trim() === "") return "branding";
  if (!formBrandVerdict(form).ok) return "branding";
  return null;
}
