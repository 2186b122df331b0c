/**
 * Impersonation (§4.1 step 4, §4.2, §8). Staff with Write on the Users module ask the upstream for a
 * single-use token and open a new window at `/?it=<token>`; there the guard hands the token to
 * `startImpersonation`, which gives it to the gateway (POST body, never a URL again) and loads the
 * user's manifest and session — or shows the error and closes the window after
 * IMPERSONATION_FAILURE_CLOSE_MS. `stopImpersonation` returns to the staff identity (the user menu's
 * stop entry). The gateway keeps the staff grant; the browser only ever holds its session cookie.
 */
import i18next from "i18next";
import { type AccessProfile, canWriteAdminModule } from "../../core/access/access-profile.ts";
import type { RouteDefinition } from "../../schemas/routes.ts";
import { apiRequest, CSRF_HEADER, csrfToken } from "../http/api-client.ts";
import { ApiError, errorBannerText, UNKNOWN_FAILURE_KEY } from "../http/api-error.ts";
import { expiredLanguageCookie } from "../i18n/language-cookie.ts";
import { type BannerRequest, showBanner } from "../state/banner-store.ts";
import { IMPERSONATION_FAILURE_CLOSE_MS } from "../state/constants.ts";
import { manifestStore, reloadManifest } from "../state/manifest-store.ts";
import { attemptLogin, SESSION_PATH, sessionStore } from "./session-store.ts";

/** The gateway's impersonation endpoints (server/gateway/session/routes-impersonation.ts). */
export const IMPERSONATION_ENDPOINTS = {
  start: `${SESSION_PATH}/impersonation`,
  stop: `${SESSION_PATH}/stop-impersonation`,
} as const;

/** The query parameter carrying the token (§4.1 step 4). */
export const IMPERSONATION_PARAM = "it";

/** Text keys of the failure banner. */
export const IMPERSONATION_FAILED_KEY = "Impersonation_Failed";
/** Text key of the failure banner naming the reason (interpolates {{reason}}). */
export const IMPERSONATION_FAILED_REASON_KEY = "Impersonation_FailedWithReason";

/** The upstream call issuing a token for user `recId` (relayed to the application base). */
export function impersonationTokenPath(recId: string): string {
  return `Admin/Users/${encodeURIComponent(recId)}/ImpersonationToken`;
}

/** The address of the impersonation window (§4.1 step 4: the token travels once, in this URL). */
export function impersonationWindowUrl(token: string): string {
  return `/?${new URLSearchParams({ [IMPERSONATION_PARAM]: token }).toString()}`;
}

/** The admin module whose Write impersonation needs when the route names none (§2.4 /admin/users). */
export const IMPERSONATION_MODULE = "Users";
/** Whether `profile` may impersonate user `recId` from `route`. */
export function mayImpersonate(
  profile: AccessProfile | null,
  route: Pick<RouteDefinition, "access">,
  recId: string | undefined,
): boolean {
  if (!profile || !recId || !/^[0-9]+$/.test(recId)) return false;
  const modules = route.access?.adminModules ?? [IMPERSONATION_MODULE];
  return modules.some((module) => canWriteAdminModule(profile, module));
}

/** Asks the upstream for a single-use impersonation token of user `recId`. */
export async function requestImpersonationToken(
  recId: string,
  request: typeof apiRequest = apiRequest,
): Promise<string> {
  const answer = await request<{ Token?: unknown }>(impersonationTokenPath(recId), { method: "POST" });
  if (typeof answer?.Token !== "string" || answer.Token === "") {
    throw new ApiError(502, null, "no impersonation token in the answer");
  }
  return answer.Token;
}

/** `url` without the token parameter, so a remembered post-login target never holds it. */
export function withoutImpersonationToken(url: string): string {
  const cut = url.indexOf("?");
  if (cut < 0) return url;
  const hash = url.indexOf("#", cut);
  const query = new URLSearchParams(url.slice(cut + 1, hash < 0 ? undefined : hash));
  if (!query.has(IMPERSONATION_PARAM)) return url;
  query.delete(IMPERSONATION_PARAM);
  const qs = query.toString();
  return `${url.slice(0, cut)}${qs ? `?${qs}` : ""}${hash < 0 ? "" : url.slice(hash)}`;
}

/** The texts a banner is built with: whether a key exists, and its text. */
export interface BannerTexts {
  exists: (key: string) => boolean;
  t: (key: string) => string;
}

/**
 * §8 impersonation failure: the error is shown, a known error code naming the reason, else the
 * generic text; both say the window closes.
 */
export function impersonationFailureBanner(error: unknown, texts: BannerTexts): BannerRequest {
  const text = errorBannerText(error, texts.exists);
  if (text && text.key !== UNKNOWN_FAILURE_KEY) {
    return { kind: "error", textKey: IMPERSONATION_FAILED_REASON_KEY, params: { reason: texts.t(text.key) } };
  }
  return { kind: "error", textKey: IMPERSONATION_FAILED_KEY };
}

/** §8 banner of a failed stop: the error's ErrorCode text or the generic one; aborted calls are silent. */
export function stopFailureBanner(error: unknown, texts: BannerTexts): BannerRequest | null {
  const text = errorBannerText(error, texts.exists);
  return text ? { kind: "error", textKey: text.key } : null;
}

/** What starting and stopping need; the defaults are this page's stores, gateway and window. */
export interface ImpersonationSteps {
  post: (path: string, body?: object) => Promise<void>;
  reloadManifest: () => Promise<unknown>;
  attemptLogin: () => Promise<void>;
  showError: (error: unknown, phase: "start" | "stop") => void;
  closeWindow: () => void;
  /** Forgets the impersonation language cookie (§4.2) once the impersonation ends. */
  forgetImpersonationLanguage: () => void;
  markPending: () => void;
  /** Replaces a remembered post-login target that holds the token. */
  scrubRememberedTarget: (cleanUrl: string) => void;
}

/** POSTs to a gateway session endpoint with the CSRF header; throws ApiError on failure. */
async function postGateway(path: string, body?: object): Promise<void> {
  if (!csrfToken())
    await fetch(SESSION_PATH, { credentials: "same-origin", headers: { Accept: "application/json" } });
  const headers: Record<string, string> = { Accept: "application/json" };
  const token = csrfToken();
  if (token) headers[CSRF_HEADER] = token;
  if (body) headers["Content-Type"] = "application/json";
  let response: Response;
  try {
    response = await fetch(path, {
      method: "POST",
      credentials: "same-origin",
      headers,
      body: body ? JSON.stringify(body) : undefined,
    });
  } catch (error) {
    throw new ApiError(0, null, (error as Error).message, null, false, "NETWORK");
  }
  if (response.ok) return;
  let code: number | null = null;
  let message = response.statusText;
  try {
    const answer = (await response.json()) as { ErrorCode?: unknown; Message?: unknown };
    if (typeof answer.ErrorCode === "number") code = answer.ErrorCode;
    if (typeof answer.Message === "string") message = answer.Message;
  } catch {
    // Not JSON: keep the status text.
  }
  throw new ApiError(response.status, code, message);
}

const APP_STEPS: ImpersonationSteps = {
  post: postGateway,
  reloadManifest: () => reloadManifest(),
  attemptLogin: () => attemptLogin(),
  showError: (error, phase) => {
    const texts: BannerTexts = { exists: (key) => i18next.exists(key), t: (key) => i18next.t(key) };
    const banner =
      phase === "start" ? impersonationFailureBanner(error, texts) : stopFailureBanner(error, texts);
    if (banner) showBanner(banner);
  },
  closeWindow: () => window.close(),
  forgetImpersonationLanguage: () => {
    const languages = manifestStore.get().manifest?.shell.languages;
    if (!languages) return;
    // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is not available in every supported browser
    document.cookie = expiredLanguageCookie({
      name: languages.impersonationCookieName,
      secure: window.location.protocol === "https:",
    });
  },
  markPending: () =>
    sessionStore.update((s) => {
      s.status = "pending";
    }),
  scrubRememberedTarget: (cleanUrl) =>
    sessionStore.update((s) => {
      if (s.redirectAfterLogin && withoutImpersonationToken(s.redirectAfterLogin) !== s.redirectAfterLogin) {
        s.redirectAfterLogin = cleanUrl;
      }
    }),
};

/**
 * §4.1 step 4 in the impersonation window: the token goes to the gateway; on success the user's
 * manifest and session load (the badge, stop entry and language switch follow from them); on failure
 * the error shows, the staff session is probed again and the window closes after the §9 delay.
 * Resolves with whether the impersonation started.
 */
export async function startImpersonation(
  token: string,
  cleanUrl: string,
  steps: ImpersonationSteps = APP_STEPS,
): Promise<boolean> {
  steps.scrubRememberedTarget(cleanUrl);
  steps.markPending();
  try {
    await steps.post(IMPERSONATION_ENDPOINTS.start, { token });
  } catch (error) {
    steps.showError(error, "start");
    setTimeout(steps.closeWindow, IMPERSONATION_FAILURE_CLOSE_MS);
    await steps.attemptLogin();
    return false;
  }
  await steps.reloadManifest().catch(() => undefined);
  await steps.attemptLogin();
  return true;
}

/**
 * §4.2 stop: the gateway restores the staff identity; the impersonation language cookie is forgotten,
 * then the staff manifest and session load. A failure shows its error; the session is probed either
 * way so the page never shows an identity the gateway no longer holds.
 */
export async function stopImpersonation(steps: ImpersonationSteps = APP_STEPS): Promise<void> {
  steps.markPending();
  try {
    await steps.post(IMPERSONATION_ENDPOINTS.stop);
    steps.forgetImpersonationLanguage();
  } catch (error) {
    steps.showError(error, "stop");
  }
  await steps.reloadManifest().catch(() => undefined);
  await steps.attemptLogin();
}
