/**
 * §6 and §4.1 in the document: the browser tab's title (the screen's title and the product name —
 * or the white-label account's title in its place) and the tab's icon (a white-label account's
 * logo). The decisions are product-name.ts; this applies them.
 */
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import type { ShellManifest } from "../../schemas/shell.ts";
import { useStore } from "../state/create-store.ts";
import { domainBrandingStore, loadDomainBranding } from "./domain-branding.ts";
import { type BrandingSource, documentTitle, NO_TAB_ICON, productName, tabIconHref } from "./product-name.ts";
import { shellStore } from "./shell-store.ts";

/** The signed-in account, else the sign-in domain's branding: whose name the page shows. */
function useBrandingSource(): BrandingSource {
  const account = useStore(shellStore, (s) => s.shellUser?.account ?? null);
  const domain = useStore(domainBrandingStore, (s) => s.branding);
  return { account, domain };
}

/** The product name as text ("" when a white-label account shows no title). */
export function useProductName(shell: Pick<ShellManifest, "productNameKey" | "title">): string {
  const { t } = useTranslation();
  const source = useBrandingSource();
  const name = productName(shell, source);
  if (!name) return "";
  return "text" in name ? name.text : t(name.key);
}

/** Learns the branding of the sign-in domain a public page names (`?domain=`). */
export function useDomainBranding(domain: string | null): void {
  useEffect(() => {
    if (domain) void loadDomainBranding(domain);
  }, [domain]);
}

/** The tab's icon element of index.html (created when a page lacks it). */
function iconLink(): HTMLLinkElement {
  const existing = document.head.querySelector<HTMLLinkElement>('link[rel="icon"]');
  if (existing) return existing;
  const link = document.createElement("link");
  link.rel = "icon";
  link.href = NO_TAB_ICON;
  document.head.append(link);
  return link;
}

/**
 * Keeps the tab's title (`screenTitleKey`'s text and the product name, §4.1: set per screen and
 * reset afterwards) and icon in step with the screen, the session and the sign-in domain.
 */
export function useDocumentBranding(
  shell: Pick<ShellManifest, "productNameKey" | "title">,
  screenTitleKey: string | null | undefined,
): void {
  const { t } = useTranslation();
  const product = useProductName(shell);
  const source = useBrandingSource();
  const icon = tabIconHref(source);

  useEffect(() => {
    document.title = documentTitle(screenTitleKey ? t(screenTitleKey) : null, product);
    return () => {
      document.title = documentTitle(null, product);
    };
  }, [screenTitleKey, t, product]);

  useEffect(() => {
    const link = iconLink();
    if (link.getAttribute("href") !== icon) link.setAttribute("href", icon);
  }, [icon]);
}
