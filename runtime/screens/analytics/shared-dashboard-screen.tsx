/** The shared dashboard (renderer kind `sharedDashboard`, §2.1 /v/{code}): read-only, signed out. */

import { useTranslation } from "react-i18next";
import type { ScreenProps } from "../../renderers/screen-props.ts";
import { EmptyState } from "../content/state-views.tsx";
import { DashboardBody } from "./dashboard-body.tsx";
import { dashboardDefinitionOf } from "./definitions.ts";
import { SharedObjectPage } from "./shared-object-page.tsx";

export default function SharedDashboardScreen({ params }: ScreenProps) {
  const { t } = useTranslation();
  return (
    <SharedObjectPage type="Dashboard" code={params.code}>
      {(object, code) => {
        const definition = dashboardDefinitionOf(object.Properties);
        if (!definition) return <EmptyState title={t("Dashboard_NoDefinitionTitle")} />;
        return (
          <DashboardBody
            definition={definition}
            source={{ kind: "shared", type: "Dashboard", code }}
            signedIn={false}
          />
        );
      }}
    </SharedObjectPage>
  );
}
