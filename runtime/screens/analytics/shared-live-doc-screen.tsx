/** The shared live document (renderer kind `sharedLiveDoc`, §2.1 /ld/{code}): read-only, signed out. */
import { useTranslation } from "react-i18next";
import type { ScreenProps } from "../../renderers/screen-props.ts";
import { EmptyState } from "../content/state-views.tsx";
import { liveDocDefinitionOf } from "./definitions.ts";
import { LiveDocBody } from "./live-doc-body.tsx";
import { SharedObjectPage } from "./shared-object-page.tsx";

export default function SharedLiveDocScreen({ params }: ScreenProps) {
  const { t } = useTranslation();
  return (
    <SharedObjectPage type="LiveDoc" code={params.code}>
      {(object, code) => {
        const definition = liveDocDefinitionOf(object.Properties);
        if (!definition) return <EmptyState title={t("LiveDoc_NoDefinitionTitle")} />;
        return (
          <LiveDocBody
            definition={definition}
            source={{ kind: "shared", type: "LiveDoc", code }}
            signedIn={false}
          />
        );
      }}
    </SharedObjectPage>
  );
}
