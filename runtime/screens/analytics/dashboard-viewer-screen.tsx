/**
 * The dashboard viewer (renderer kind `dashboardViewer`, §2.2 /dashboard/viewer/{recId}): the
 * dashboard's widgets drawn from its definition with its data (the member widget query calls), the
 * object header with Print, and its facts under About. A dashboard without a definition says so
 * and offers the editor to who may change it.
 */
import type { ScreenProps } from "../../renderers/screen-props.ts";
import { DashboardBody } from "./dashboard-body.tsx";
import { dashboardDefinitionOf } from "./definitions.ts";
import { isMobileRoute, MemberObjectPage } from "./member-object-page.tsx";
import { NoDefinition } from "./no-definition.tsx";

export default function DashboardViewerScreen(props: ScreenProps) {
  return (
    <MemberObjectPage {...props} kind="dashboardViewer" viewTabKey="Dashboard_ViewTab">
      {(object, page) => {
        const definition = dashboardDefinitionOf(object.Properties);
        if (!definition) {
          return (
            <NoDefinition
              titleKey="Dashboard_NoDefinitionTitle"
              textKey="Dashboard_NoDefinitionText"
              editDashboard={
                page.canWrite && object.CanChange && !object.IsDeleted ? { recId: object.RecId } : undefined
              }
            />
          );
        }
        return (
          <DashboardBody
            key={object.RecId}
            definition={definition}
            source={{ kind: "member", area: "Dashboards", recId: object.RecId }}
            signedIn
            stacked={isMobileRoute(props.route)}
          />
        );
      }}
    </MemberObjectPage>
  );
}
