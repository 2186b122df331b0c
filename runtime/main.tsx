/**
 * Browser entry. Everything the first screen waits on starts at once, before React renders
 * (no round trip waits for another): the manifest, i18n with the English texts (preloaded by
 * index.html), the session probe; as soon as the manifest names the first route, its screen
 * chunks, and the page's language when it is not English. Then the routed app renders from the
 * manifest store.
 */
import { createRoot } from "react-dom/client";
import { readAppMode } from "./boot/app-mode.ts";
import { AppRoot } from "./boot/app-root.tsx";
import { firstDecision, preloadFirstScreen, probesSession } from "./boot/first-route.ts";
import { installSessionWiring } from "./boot/session-wiring.ts";
import { changeLanguage, followTextUrls, initI18n, isLanguage, setTextUrls } from "./i18n/i18n.ts";
import { languageFromCookies } from "./i18n/language-cookie.ts";
import { attemptLogin, SESSION_PATH } from "./session/session-store.ts";
import { manifestStore, reloadManifest } from "./state/manifest-store.ts";
import "./theme/base.css";

// Started at once, answered by index.html's preloads (scripts/build.ts). i18n starts in English
// (every language's fallback) while the manifest is on its way; the session probe is used only
// when the guard's first decision asks for it (below).
const manifestLoad = reloadManifest();
const englishReady = initI18n("en");
englishReady.catch(() => undefined);
const sessionProbe = fetch(SESSION_PATH, {
  credentials: "same-origin",
  headers: { Accept: "application/json" },
});
sessionProbe.catch(() => undefined);

/** Every later manifest (sign-in, sign-out, a refresh, a published version) brings its own text URLs. */
function followManifestTexts(): void {
  let followed = manifestStore.get().manifest?.texts;
  manifestStore.subscribe(() => {
    const texts = manifestStore.get().manifest?.texts;
    if (!texts || texts === followed) return;
    followed = texts;
    void followTextUrls(texts).catch((error: unknown) => console.error(error));
  });
}

async function boot(): Promise<void> {
  // §1: a help host's page runs help mode (server/gateway/plugins/help-mode.ts marks it).
  const mode = readAppMode(document);
  const container = document.getElementById("root");
  if (!container) throw new Error("missing #root");
  installSessionWiring();
  const manifest = await manifestLoad;
  const { pathname, search, hash } = window.location;
  const firstScreen = preloadFirstScreen(manifest, mode, pathname);
  const { languages } = manifest.shell;
  const stored = languageFromCookies(document.cookie, languages.cookieName);
  const language = stored ?? (isLanguage(languages.default) ? languages.default : "en");
  // The manifest's texts lead from here on: the build's URLs when no operator changed a text. Should the
  // build's English be gone (a gateway serving other texts only), it comes from the manifest's URL.
  setTextUrls(manifest.texts);
  await englishReady.catch((error: unknown) => {
    console.error(error);
    return initI18n("en");
  });
  // Replaces the English loaded from the build's URL when the manifest names another (else no fetch);
  // should that fail, the build's stays on display.
  await followTextUrls(manifest.texts).catch((error: unknown) => console.error(error));
  followManifestTexts();
  if (language !== "en") await changeLanguage(language);
  // The guard's first render would ask for the session now; it finds the probe already answered.
  if (probesSession(firstDecision(manifest, mode, { pathname, search, hash }))) {
    void attemptLogin(() => sessionProbe);
  }
  // The first screen's module is usually here by now (preloaded with the texts); rendering before it
  // would show a fallback that React then holds for its Suspense throttle.
  await firstScreen;
  document.documentElement.dataset.ready = "true";
  createRoot(container).render(<AppRoot mode={mode} />);
}

boot().catch((error: unknown) => {
  console.error(error);
  const container = document.getElementById("root");
  if (container) container.textContent = "Tessera could not start. Please reload the page.";
});
