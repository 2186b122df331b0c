/**
 * §6 white-label: a white-label account's title — the company name, a custom title, or empty, as
 * its menu title type says — stands wherever the product's own name would, including the mails the
 * upstream writes for the account. Accounts that are not white-label carry the product name.
 */
import type { AccountRecord } from "../store/records.ts";

/** The product's own name, in the mails of accounts that are not white-label. */
export const PRODUCT_NAME = "Tessera";

/** The account fields the title is decided from. */
export type WhiteLabelFacts = Pick<AccountRecord, "isWhiteLabel" | "menuTitleType" | "menuTitle" | "name">;

/**
 * The white-label title of `account`, "" for a white-label account that shows no title, or null
 * when the account is not white-label (the product name applies). A custom title left blank shows
 * nothing, as in the top menu bar.
 */
export function whiteLabelTitle(account: WhiteLabelFacts): string | null {
  if (!account.isWhiteLabel) return null;
  if (account.menuTitleType === "CompanyName") return account.name.trim();
  if (account.menuTitleType === "Custom") return account.menuTitle.trim();
  return "";
}

/** The name that stands for the product in what `account`'s users see ("" for none). */
export function productNameFor(account: WhiteLabelFacts): string {
  return whiteLabelTitle(account) ?? PRODUCT_NAME;
}

/**
 * The product name of a mail about several accounts (the domains of one e-mail address): their
 * common name, or "" when they differ — naming one account's brand to the users of another, or the
 * product to a white-label account's users, is what §6 rules out.
 */
export function commonProductName(accounts: readonly WhiteLabelFacts[]): string {
  const names = new Set(accounts.map(productNameFor));
  const [only] = names;
  return names.size === 1 && only !== undefined ? only : "";
}
