/**
 * The account's brand colours on the page (DESIGN.md: white-label accounts have their own shell's
 * colours): the session's AccountBrandPrimaryColor and AccountBrandAccentColor become custom
 * properties and attributes on <html> that runtime/theme/brand.css turns into the top menu bar's
 * fill and the theme's accent. The hook follows the session store, so a save — this member's, or
 * another member's arriving as §7 refresh-base-page-user — shows without a reload.
 *
 * A colour that fails core/branding/contrast.ts is not applied (the product's own stays): the
 * upstream refuses such colours, but the runtime does not show one from any upstream that did not.
 */
import { useLayoutEffect } from "react";
import { brandVerdict, canonicalHexColour } from "../../core/branding/contrast.ts";
import type { UserSession } from "../../schemas/payloads/user-session.ts";
import { sessionStore } from "../session/session-store.ts";
import { useStore } from "../state/create-store.ts";

/** What <html> carries: each value `#rrggbb`, or null for the product's own. */
export interface BrandStyle {
  primary: string | null;
  accentLight: string | null;
  /** The accent's dark-theme tone (core/branding/contrast.ts darkThemeAccent). */
  accentDark: string | null;
}

/** No brand colours: the product's. */
export const NO_BRAND: BrandStyle = { primary: null, accentLight: null, accentDark: null };

/** The element the brand goes on (the document element in the browser). */
export interface BrandRoot {
  setAttribute(name: string, value: string): void;
  removeAttribute(name: string): void;
  style: { setProperty(name: string, value: string): void; removeProperty(name: string): void };
}

/** The attributes brand.css selects on, and the custom properties it reads. */
export const BRAND_PRIMARY_ATTRIBUTE = "data-brand-primary";
export const BRAND_ACCENT_ATTRIBUTE = "data-brand-accent";
export const BRAND_PROPERTIES = {
  primary: "--brand-primary",
  accentLight: "--brand-accent-light",
  accentDark: "--brand-accent-dark",
} as const;

/** The session's colours as the page shows them: each kept only when it passes the branding rule. */
export function brandStyleFor(
  user: Pick<UserSession, "AccountBrandPrimaryColor" | "AccountBrandAccentColor"> | null | undefined,
): BrandStyle {
  const canonical = (colour: string | null | undefined) =>
    typeof colour === "string" ? canonicalHexColour(colour) : null;
  const primary = canonical(user?.AccountBrandPrimaryColor);
  const accent = canonical(user?.AccountBrandAccentColor);
  const primaryPasses = primary !== null && brandVerdict({ primary, accent: null }).ok;
  const accentVerdict = accent === null ? null : brandVerdict({ primary: null, accent });
  const accentPasses = accentVerdict?.ok === true;
  return {
    primary: primaryPasses ? primary : null,
    accentLight: accentPasses ? accent : null,
    accentDark: accentPasses ? accentVerdict.darkAccent : null,
  };
}

/** Sets (or, for null colours, removes) the brand attributes and properties on `root`. */
export function applyBrand(style: BrandStyle, root: BrandRoot = document.documentElement): void {
  const set = (property: string, value: string | null) =>
    value === null ? root.style.removeProperty(property) : root.style.setProperty(property, value);
  set(BRAND_PROPERTIES.primary, style.primary);
  set(BRAND_PROPERTIES.accentLight, style.accentLight);
  set(BRAND_PROPERTIES.accentDark, style.accentDark);
  if (style.primary === null) root.removeAttribute(BRAND_PRIMARY_ATTRIBUTE);
  else root.setAttribute(BRAND_PRIMARY_ATTRIBUTE, "");
  if (style.accentLight === null) root.removeAttribute(BRAND_ACCENT_ATTRIBUTE);
  else root.setAttribute(BRAND_ACCENT_ATTRIBUTE, "");
}

/**
 * Applies the signed-in account's colours to <html> while `enabled` (not on routes that force the
 * public theme, §2.1), and follows the session: signed out, or with colours reset, the product's.
 */
export function useAccountBrand(enabled: boolean): void {
  const primary = useStore(sessionStore, (s) => s.config?.User.AccountBrandPrimaryColor ?? null);
  const accent = useStore(sessionStore, (s) => s.config?.User.AccountBrandAccentColor ?? null);
  useLayoutEffect(() => {
    applyBrand(
      enabled
        ? brandStyleFor({ AccountBrandPrimaryColor: primary, AccountBrandAccentColor: accent })
        : NO_BRAND,
    );
  }, [enabled, primary, accent]);
}
