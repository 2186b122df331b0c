/**
 * The top message banner (§4.5, §8): success, warning or error; it auto-hides
 * after BANNER_AUTO_HIDE_MS; a click dismisses it and runs its optional callback.
 * A new banner replaces the one on display.
 */
import { BANNER_AUTO_HIDE_MS } from "./constants.ts";
import { createStore } from "./create-store.ts";

/** The banner kinds of §4.5. */
export type BannerKind = "success" | "warning" | "error";
/** Icons a banner may carry (§8: the socket-disconnected icon). */
export type BannerIcon = "socketDisconnected";

/** The text of a banner: a translation key with parameters, or text already in the user's language. */
export type BannerText = { textKey: string; params?: Record<string, string | number> } | { text: string };

/** What to show. */
export type BannerRequest = BannerText & {
  kind: BannerKind;
  icon?: BannerIcon;
  /** Runs when the user clicks the banner (after it is dismissed). */
  onClick?: () => void;
  /** Text key telling assistive technology what a click does (default: dismiss). */
  actionKey?: string;
};

/** The banner on display (serialisable; the callback is kept aside). */
export type Banner = BannerText & { id: number; kind: BannerKind; icon?: BannerIcon; actionKey?: string };

/** The banner store of this page. */
export const bannerStore = createStore<{ banner: Banner | null }>({ banner: null });

let nextId = 1;
let hideTimer: ReturnType<typeof setTimeout> | null = null;
const callbacks = new Map<number, () => void>();

function clearTimer(): void {
  if (hideTimer !== null) clearTimeout(hideTimer);
  hideTimer = null;
}

/** Shows a banner (replacing any other); returns its id. */
export function showBanner(request: BannerRequest): number {
  const id = nextId++;
  const { onClick, ...rest } = request;
  clearTimer();
  callbacks.clear();
  if (onClick) callbacks.set(id, onClick);
  bannerStore.update((s) => {
    s.banner = { ...rest, id };
  });
  hideTimer = setTimeout(() => dismissBanner(id), BANNER_AUTO_HIDE_MS);
  return id;
}

/** Hides the banner `id` (or whichever is shown) without running its callback. */
export function dismissBanner(id?: number): void {
  const current = bannerStore.get().banner;
  if (!current || (id !== undefined && current.id !== id)) return;
  clearTimer();
  callbacks.delete(current.id);
  bannerStore.update((s) => {
    s.banner = null;
  });
}

/** §4.5: a click dismisses the banner and runs its optional callback. */
export function clickBanner(id: number): void {
  const current = bannerStore.get().banner;
  if (!current || current.id !== id) return;
  const callback = callbacks.get(id);
  dismissBanner(id);
  callback?.();
}

/** Text keys of the fixed banners of §8. */
export const NETWORK_ISSUES_KEY = "Banner_NetworkIssues";
export const NEW_VERSION_KEY = "Banner_NewVersion";

/**
 * §8: 'Experiencing network issues' with the socket-disconnected icon; a click
 * opens the websockets help page (shell.externalSites.websocketsHelpUrl).
 */
export function showNetworkIssuesBanner(websocketsHelpUrl: string, open: (url: string) => void): number {
  return showBanner({
    kind: "warning",
    textKey: NETWORK_ISSUES_KEY,
    icon: "socketDisconnected",
    actionKey: "Banner_OpenNetworkHelp",
    onClick: () => open(websocketsHelpUrl),
  });
}

/** §8 / §4.2: the new-version banner; a click reloads the page when `reload` is given. */
export function showNewVersionBanner(reload?: () => void): number {
  return showBanner({
    kind: "warning",
    textKey: NEW_VERSION_KEY,
    ...(reload ? { onClick: reload, actionKey: "Banner_Reload" } : {}),
  });
}
