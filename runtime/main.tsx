/** Browser entry: fetch the manifest, start i18n, render the routed app from the manifest store. */
import { createRoot } from "react-dom/client";
import { AppRoot } from "./boot/app-root.tsx";
import { reloadManifest } from "./boot/manifest-store.ts";
import { installSessionWiring } from "./boot/session-wiring.ts";
import { initI18n, isLanguage } from "./i18n/i18n.ts";
import { languageFromCookies } from "./i18n/language-cookie.ts";
import "./theme/base.css";

async function boot(): Promise<void> {
  const container = document.getElementById("root");
  if (!container) throw new Error("missing #root");
  installSessionWiring();
  const manifest = await reloadManifest();
  const { languages } = manifest.shell;
  const stored = languageFromCookies(document.cookie, languages.cookieName);
  await initI18n(stored ?? (isLanguage(languages.default) ? languages.default : "en"));
  document.documentElement.dataset.ready = "true";
  createRoot(container).render(<AppRoot mode="app" />);
}

boot().catch((error: unknown) => {
  console.error(error);
  const container = document.getElementById("root");
  if (container) container.textContent = "Tessera could not start. Please reload the page.";
});
