/**
 * The account logo and title of the top menu bar (§6), linking home (§2.2). The
 * signed-out variant shows the product name (or a known white-label sign-in
 * domain's title, §6). A logo that fails to load is
 * hidden and reported with the generic banner error (§8).
 */
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { ShellManifest } from "../../schemas/shell.ts";
import { UNKNOWN_FAILURE_KEY } from "../http/api-error.ts";
import { showBanner } from "../state/banner-store.ts";
import { type AccountBranding, logoView, titleView } from "./branding.ts";
import { useProductName } from "./use-document-branding.ts";

/** Props: the shell manifest and the signed-in account (null when signed out). */
export interface BrandProps {
  shell: ShellManifest;
  account: AccountBranding | null;
}

/** Logo and title, or the product name when signed out. */
export function Brand({ shell, account }: BrandProps) {
  const { t } = useTranslation();
  const [failedLogo, setFailedLogo] = useState<string | null>(null);
  // Signed out: the product name, or a known white-label sign-in domain's title (§6).
  const productName = useProductName(shell);
  if (!account) {
    if (!productName) return null;
    return (
      <Link to={shell.logo.link} className="shell-brand">
        <span className="shell-brand__title">{productName}</span>
      </Link>
    );
  }
  const logo = logoView(shell.logo, account);
  const shownLogo = logo && logo.src !== failedLogo ? logo : null;
  const title = titleView(shell.title, account);
  if (!shownLogo && !title) return null;
  const onLogoError = () => {
    if (!logo) return;
    setFailedLogo(logo.src);
    showBanner({ kind: "error", textKey: UNKNOWN_FAILURE_KEY });
  };
  return (
    <Link to={shell.logo.link} className="shell-brand">
      {shownLogo ? (
        <img
          className={`shell-brand__logo shell-brand__logo--${shownLogo.style}`}
          src={shownLogo.src}
          alt={t(shownLogo.altKey, shownLogo.altParams)}
          onError={onLogoError}
        />
      ) : null}
      {title ? (
        <span className="shell-brand__title">{"text" in title ? title.text : t(title.key)}</span>
      ) : null}
    </Link>
  );
}
