/**
 * Lets node:test import components that import their stylesheets (for esbuild): from here on, `.css`
 * modules load as empty modules. Import it before importing any component, and import components
 * dynamically (static imports are resolved before this module runs).
 */
import { register } from "node:module";

register(
  `data:text/javascript,${encodeURIComponent(
    'export async function load(url, context, next) { return url.endsWith(".css") ? { format: "module", source: "", shortCircuit: true } : next(url, context); }',
  )}`,
);

/** Initialises i18next for rendering: texts are the keys unless `texts` gives them. */
export async function initTestI18n(texts: Record<string, string> = {}): Promise<void> {
  const i18next = (await import("i18next")).default;
  const { initReactI18next } = await import("react-i18next");
  if (i18next.isInitialized) return;
  await i18next.use(initReactI18next).init({
    lng: "en",
    resources: { en: { translation: texts } },
    keySeparator: false,
    nsSeparator: false,
    interpolation: { escapeValue: false },
  });
}
