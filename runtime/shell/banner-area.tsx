/**
 * The message banner area (§4.5, §8). Errors are announced assertively, other
 * kinds politely; the kind is named in text, not by colour alone. The whole
 * banner is one button: a click dismisses it and runs its callback.
 */
import { useTranslation } from "react-i18next";
import { type Banner, bannerStore, clickBanner } from "../state/banner-store.ts";
import { useStore } from "../state/create-store.ts";
import { ErrorIcon, SocketDisconnectedIcon, SuccessIcon, WarningIcon } from "./shell-icons.tsx";

const KIND_ICONS = { success: SuccessIcon, warning: WarningIcon, error: ErrorIcon } as const;

function BannerView({ banner }: { banner: Banner }) {
  const { t } = useTranslation();
  const Icon = banner.icon === "socketDisconnected" ? SocketDisconnectedIcon : KIND_ICONS[banner.kind];
  const text = "text" in banner ? banner.text : t(banner.textKey, banner.params);
  return (
    <div className={`shell-banner shell-banner--${banner.kind}`}>
      <button type="button" className="shell-banner__button" onClick={() => clickBanner(banner.id)}>
        <Icon />
        <span className="visually-hidden">{t(`Banner_Kind_${banner.kind}`)}</span>
        <span className="shell-banner__text">{text}</span>
        <span className="visually-hidden">{t(banner.actionKey ?? "Banner_Dismiss")}</span>
      </button>
    </div>
  );
}

/** Both live regions exist from the start so assistive technology announces what appears in them. */
export function BannerArea() {
  const banner = useStore(bannerStore, (s) => s.banner);
  const isError = banner?.kind === "error";
  return (
    <div className="shell-banner-area">
      <div aria-live="assertive" aria-atomic="true">
        {banner && isError ? <BannerView banner={banner} /> : null}
      </div>
      <div aria-live="polite" aria-atomic="true">
        {banner && !isError ? <BannerView banner={banner} /> : null}
      </div>
    </div>
  );
}
