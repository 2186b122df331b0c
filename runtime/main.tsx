/** Browser entry: fetch the manifest, start i18n, render the routed app. */
import { createRoot } from "react-dom/client";
import type { ClientManifest } from "../schemas/client-manifest.ts";
import { AppRoot } from "./boot/app-root.tsx";
import { fetchManifest } from "./boot/fetch-manifest.ts";
import { initI18n } from "./i18n/i18n.ts";
import type { ExternalOpener } from "./navigation/navigation-host.tsx";
import "./theme/base.css";

/** Opens the help site named in the shell manifest (§2.1 /help/…); its origin is allow-listed by the manifest check. */
function externalOpener(manifest: ClientManifest): ExternalOpener {
  const base = manifest.shell.externalSites.help.baseUrl;
  return (site, path) => {
    if (site !== "help") return;
    window.location.assign([base.replace(/\/$/, ""), ...path.map(encodeURIComponent)].join("/"));
  };
}

async function boot(): Promise<void> {
  const container = document.getElementById("root");
  if (!container) throw new Error("missing #root");
  const [manifest] = await Promise.all([fetchManifest(), initI18n("en")]);
  document.documentElement.dataset.ready = "true";
  createRoot(container).render(
    <AppRoot manifest={manifest} mode="app" openExternal={externalOpener(manifest)} />,
  );
}

boot().catch((error: unknown) => {
  console.error(error);
  const container = document.getElementById("root");
  if (container) container.textContent = "Tessera could not start. Please reload the page.";
});
