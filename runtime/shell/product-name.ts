/**
 * §6: a white-label account's title — the company name, a custom title, or empty — replaces the
 * product name wherever it appears: the browser tab of every screen, the sign-in page once the domain
 * is known, and the tab's icon where the account has a logo. Pure decisions; the shell applies them
 * (use-document-branding.ts).
 */
import type { ShellManifest } from "../../schemas/shell.ts";
import { apiUrl } from "../http/api-client.ts";
import { type AccountBranding, accountLogoUrl, type TitleView, titleView } from "./branding.ts";

/** The icon of a page without one of its own (index.html): none, so the browser asks for nothing. */
export const NO_TAB_ICON = "data:,";

/** A sign-in domain's branding as the anonymous branding call answers it (before sign-in). */
export interface DomainBranding {
  domain: string;
  /** The white-label title ("" for none); null when the domain shows the product's own name. */
  title: string | null;
  hasLogo: boolean;
}

/** Whose brand the page shows: the signed-in account, else the sign-in domain when known. */
export interface BrandingSource {
  account: AccountBranding | null;
  domain: DomainBranding | null;
}

/** The product name to show: a text key, a plain text, or null for none (a white-label account without title). */
export function productName(
  shell: Pick<ShellManifest, "productNameKey" | "title">,
  source: BrandingSource,
): TitleView | null {
  const product = { key: shell.productNameKey };
  if (source.account) return source.account.isWhiteLabel ? titleView(shell.title, source.account) : product;
  const title = source.domain?.title ?? null;
  if (title === null) return product;
  return title.trim() ? { text: title } : null;
}

/** The document title: the screen's and the product's name, either alone, or "" without both. */
export function documentTitle(screenTitle: string | null, product: string): string {
  return [screenTitle, product].filter((part) => part?.trim()).join(" · ");
}

/** The URL of the anonymous logo of a white-label sign-in domain. */
export function domainLogoUrl(domain: string): string {
  return apiUrl("webservices", `account/branding/${encodeURIComponent(domain)}/logo`);
}

/** The tab's icon: a white-label account's logo where it has one, else none. */
export function tabIconHref(source: BrandingSource): string {
  if (source.account) {
    const { isWhiteLabel, logoUID } = source.account;
    return isWhiteLabel && logoUID ? accountLogoUrl(logoUID) : NO_TAB_ICON;
  }
  const domain = source.domain;
  return domain && domain.title !== null && domain.hasLogo ? domainLogoUrl(domain.domain) : NO_TAB_ICON;
}
