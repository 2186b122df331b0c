import { Suspense, useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import type { RouteMatch } from "../../core/routes/match.ts";
import { AppReadyMark } from "../boot/app-ready.ts";
import { screenRegistry } from "../renderers/screen-registry.ts";
import { UnknownRenderer } from "../renderers/unknown-renderer.tsx";
import { registerLeaveAsker } from "./leave-confirmation.ts";
import { askLegacyFrameToLeave } from "./legacy-leave.ts";

/** A legacy page in a frame; a page marked `confirmLeave` is asked before its route is left (§4.1 step 8). */
function LegacyPage({ url, title, confirmLeave }: { url: string; title: string; confirmLeave: boolean }) {
  const frame = useRef<HTMLIFrameElement>(null);
  useEffect(() => {
    if (!confirmLeave) return;
    return registerLeaveAsker(() => askLegacyFrameToLeave(frame.current), "route");
  }, [confirmLeave]);
  return <iframe ref={frame} className="legacy-frame" src={url} title={title} />;
}

/** Renders a matched route: its screen through the registry, or its legacy page in a frame (§2.3). */
export function RouteScreen({ match, legacyUrl }: { match: RouteMatch; legacyUrl: string | null }) {
  const { t } = useTranslation();
  const { route, params } = match;
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
