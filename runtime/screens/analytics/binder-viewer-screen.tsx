/**
 * The binder viewer (renderer kind `binderViewer`, §2.2 /binder/viewer/{recId}): the binder's
 * dashboards paged through (binder-view.tsx), their data through the binder's own calls.
 */
import { apiRequest } from "../../http/api-client.ts";
import type { ScreenProps } from "../../renderers/screen-props.ts";
import { ErrorState, LoadingState } from "../content/state-views.tsx";
import { useResource } from "../content/use-resource.ts";
import { type BinderPage, binderPagesOf } from "./binder-pages.ts";
import { BinderView } from "./binder-view.tsx";
import { MemberObjectPage } from "./member-object-page.tsx";

export default function BinderViewerScreen(props: ScreenProps) {
  return (
    <MemberObjectPage {...props} kind="binderViewer" viewTabKey="Binder_ViewTab">
      {(object) => <BinderPages binderRecId={object.RecId} />}
    </MemberObjectPage>
  );
}

function BinderPages({ binderRecId }: { binderRecId: number }) {
  const pages = useResource<BinderPage[]>(`binder-pages:${binderRecId}`, async (signal) => {
    const body = await apiRequest<{ items?: unknown }>(`Content/Binders/Objects/${binderRecId}/Pages`, {
      signal,
    });
    return binderPagesOf(body?.items);
  });
  if (pages.status === "error" && !pages.data)
    return <ErrorState error={pages.error} onRetry={pages.reload} />;
  if (!pages.data) return <LoadingState />;
  return (
    <BinderView
      pages={pages.data}
      signedIn
      sourceOf={(page) => ({ kind: "binder", binderRecId, dashboardRecId: page.recId })}
    />
  );
}
