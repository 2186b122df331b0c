/**
 * The account-settings family (migrations 10 and 12): the settings an account owner changes on the
 * accounts row, the embedding allow-list and the custom menu. Every method takes the caller's
 * account id; each is one transaction.
 */
import type { AccountRecord, LogoImage, MenuLogoStyle, MenuTitleType, TwoFactorPolicy } from "../records.ts";

/** The changeable settings of an account, written together. */
export interface AccountSettingsChange {
  name: string;
  menuLogoStyle: MenuLogoStyle;
  menuTitleType: MenuTitleType;
  menuTitle: string;
  twoFactorPolicy: TwoFactorPolicy;
  showHelpLinks: boolean;
  /** `#rrggbb` lower case, null for the product's own; passed by core/branding/contrast.ts. */
  brandPrimaryColor: string | null;
  brandAccentColor: string | null;
  /** Canonical origins, in display order. */
  embeddingOrigins: readonly string[];
}

/** A stored custom menu: its JSON definition and save counter. */
export interface MenuLayoutRecord {
  /** The validated layout as the API sends it (`Sections`). */
  definition: unknown;
  version: number;
  modifiedAt: number;
}

/** Account settings, embedding allow-list and custom menu. */
export interface AccountSettingsStoreFamily {
  /** The account's embedding origins in display order (empty: nobody may frame it). */
  embeddingOrigins(accountId: number): Promise<string[]>;
  /** Writes the settings and replaces the allow-list atomically; undefined when the account is gone. */
  update(accountId: number, change: AccountSettingsChange): Promise<AccountRecord | undefined>;
  /**
   * Stores (or, with null, removes) a logo and gives the account a new logo UID, so the logo URLs
   * (§7, cached by browsers) change with the image; undefined when the account is gone.
   */
  replaceLogo(
    accountId: number,
    kind: "Primary" | "Menu",
    image: LogoImage | null,
  ): Promise<AccountRecord | undefined>;
  /** The custom menu, or undefined when the account never customised it. */
  menuLayout(accountId: number): Promise<MenuLayoutRecord | undefined>;
  /** Stores the custom menu, bumping its version. */
  setMenuLayout(
    accountId: number,
    definition: unknown,
    userId: number,
    now: number,
  ): Promise<MenuLayoutRecord>;
}
