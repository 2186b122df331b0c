import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { useStore } from "../boot/create-store.ts";
import { shellStore } from "./shell-store.ts";

/** The page frame: skip link, main landmark and the loading overlay (§2.5). */
export function AppFrame({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const loading = useStore(shellStore, (s) => s.loadingOverlay);
  return (
    <>
      <a className="skip-link" href="#main">
        {t("Shell_SkipToContent")}
      </a>
      <main id="main" tabIndex={-1} aria-busy={loading}>
        {children}
      </main>
      {loading ? <div className="loading-overlay" role="status" aria-label={t("Loading")} /> : null}
    </>
  );
}
