import { Suspense } from "react";
import { useTranslation } from "react-i18next";
import { AppReadyMark } from "../boot/app-ready.ts";
import { screenRegistry } from "../renderers/screen-registry.ts";
import { UnknownRenderer } from "../renderers/unknown-renderer.tsx";
import type { RouteMatch } from "./route-match.ts";

/** Renders a matched route: its screen through the registry, or its legacy page in a frame (§2.3). */
export function RouteScreen({ match, legacyUrl }: { match: RouteMatch; legacyUrl: string | null }) {
  const { t } = useTranslation();
  const { route, params } = match;
  if (route.legacy && legacyUrl) {
    return (
      <iframe className="legacy-frame" src={legacyUrl} title={t(route.titleKey ?? "LegacyFrame_Title")} />
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
