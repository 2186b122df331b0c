import { Suspense, useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { RouteMatch } from "../../core/routes/match.ts";
import { AppReadyMark } from "../boot/app-ready.ts";
import { screenRegistry } from "../renderers/screen-registry.ts";
import { UnknownRenderer } from "../renderers/unknown-renderer.tsx";
import { useManifest } from "../state/manifest-context.tsx";
import { registerLeaveAsker } from "./leave-confirmation.ts";
import { askLegacyFrameToLeave } from "./legacy-leave.ts";
import { legacyPagesAvailable } from "./legacy-pages.ts";

/** A legacy page in a frame; a page marked `confirmLeave` is asked before its route is left (§4.1 step 8). */
function LegacyPage({ url, title, confirmLeave }: { url: string; title: string; confirmLeave: boolean }) {
  const frame = useRef<HTMLIFrameElement>(null);
  useEffect(() => {
    if (!confirmLeave) return;
    return registerLeaveAsker(() => askLegacyFrameToLeave(frame.current), "route");
  }, [confirmLeave]);
  return <iframe ref={frame} className="legacy-frame" src={url} title={title} />;
}

/** A legacy route in a deployment without the legacy application: says so, never frames the app itself. */
function LegacyUnavailable({ titleKey }: { titleKey: string }) {
  const { t } = useTranslation();
  return (
    <section className="legacy-unavailable" aria-labelledby="legacy-unavailable-title">
      <h1 id="legacy-unavailable-title">{t(titleKey)}</h1>
      <p>{t("Legacy_NotAvailableText")}</p>
      <p>
        <Link to="/">{t("Legacy_NotAvailableHome")}</Link>
      </p>
    </section>
  );
}

/** Renders a matched route: its screen through the registry, or its legacy page in a frame (§2.3). */
export function RouteScreen({ match, legacyUrl }: { match: RouteMatch; legacyUrl: string | null }) {
  const { t } = useTranslation();
  const { shell } = useManifest();
  const { route, params } = match;
  if (route.legacy && !legacyPagesAvailable(shell)) {
    return <LegacyUnavailable titleKey={route.titleKey ?? "Legacy_NotAvailableTitle"} />;
  }
  if (route.legacy && legacyUrl) {
    return (
      <LegacyPage
        url={legacyUrl}
        title={t(route.titleKey ?? "LegacyFrame_Title")}
        confirmLeave={Boolean(route.legacy.confirmLeave)}
      />
    );
  }
  const kind = route.screen?.kind ?? "";
  const Screen = screenRegistry.resolve(kind);
  if (!Screen) return <UnknownRenderer kind={kind} />;
  return (
    <Suspense fallback={<div className="screen-loading" role="status" aria-label={t("Loading")} />}>
      <Screen route={route} params={params} />
      {/* Commits with the screen, so the mark means "first screen rendered" (scripts/bench/shell). */}
      <AppReadyMark />
    </Suspense>
  );
}
