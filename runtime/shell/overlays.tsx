/**
 * The loading overlay (§2.5, §4.1 step 6; indicator after
 * PAGE_LOADING_INDICATOR_DELAY_MS) and the disconnection overlay (§4.2, §8:
 * the DisconnectionWarning text; a click anywhere pings and shows a loader).
 */
import i18next from "i18next";
import { useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { apiRequest } from "../http/api-client.ts";
import { errorBannerText } from "../http/api-error.ts";
import { showBanner } from "../state/banner-store.ts";
import { PAGE_LOADING_INDICATOR_DELAY_MS } from "../state/constants.ts";
import { useStore } from "../state/create-store.ts";
import { useDelayedFlag } from "./delayed-flag.ts";
import { setDisconnectionWarning, shellStore } from "./shell-store.ts";

/** Covers the page content while a screen loads; the indicator appears after the §9 delay. */
export function LoadingOverlay() {
  const { t } = useTranslation();
  const active = useStore(shellStore, (s) => s.loadingOverlay);
  const indicator = useDelayedFlag(active, PAGE_LOADING_INDICATOR_DELAY_MS);
  if (!active) return null;
  return (
    <div className="shell-loading">
      {indicator ? (
        <div className="shell-loading__indicator" role="status">
          <span className="shell-spinner" aria-hidden="true" />
          <span className="visually-hidden">{t("Loading")}</span>
        </div>
      ) : null}
    </div>
  );
}

/** The keep-alive call of §7. */
export const PING_PATH = "v2/User/Ping";

/**
 * §4.2: the default ping of the disconnection overlay (GET v2/User/Ping through
 * the gateway relay): success clears the warning; a failure shows the error
 * banner (§8) and leaves the warning up; an aborted call is silent.
 */
export async function pingSession(request: typeof apiRequest = apiRequest): Promise<void> {
  try {
    await request(PING_PATH);
    setDisconnectionWarning(false);
  } catch (error) {
    const text = errorBannerText(error, (key) => i18next.exists(key));
    if (text) showBanner({ kind: "error", textKey: text.key });
  }
}

/** The inactivity warning; `onPing` keeps the session alive (§7 v2/User/Ping). */
export function DisconnectionOverlay({ onPing }: { onPing: () => Promise<void> }) {
  const { t } = useTranslation();
  const shown = useStore(shellStore, (s) => s.disconnectionWarning);
  const [pinging, setPinging] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const textId = useId();

  // Focus moves to the overlay while it shows and back where it was afterwards.
  useEffect(() => {
    if (!shown) return;
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    buttonRef.current?.focus();
    return () => {
      setPinging(false);
      previous?.focus();
    };
  }, [shown]);

  if (!shown) return null;
  const ping = () => {
    if (pinging) return;
    setPinging(true);
    onPing().finally(() => setPinging(false));
  };
  return (
    <div className="shell-disconnection" role="alertdialog" aria-modal="true" aria-labelledby={textId}>
      <button
        ref={buttonRef}
        type="button"
        className="shell-disconnection__button"
        onClick={ping}
        onKeyDown={(event) => {
          // aria-modal: focus stays on the overlay's only control while it shows.
          if (event.key === "Tab") event.preventDefault();
        }}
        aria-busy={pinging}
      >
        <span id={textId} className="shell-disconnection__text">
          {t("DisconnectionWarning")}
        </span>
        {pinging ? (
          <span role="status">
            <span className="shell-spinner" aria-hidden="true" />
            <span className="visually-hidden">{t("Loading")}</span>
          </span>
        ) : null}
      </button>
    </div>
  );
}
