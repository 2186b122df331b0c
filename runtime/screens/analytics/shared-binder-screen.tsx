/**
 * The shared binder (renderer kind `sharedBinder`, §2.1 /b/{code}): its shared pages (the share
 * answer's `Pages`) paged through, read-only, signed out.
 */
import type { ScreenProps } from "../../renderers/screen-props.ts";
import { binderPagesOf } from "./binder-pages.ts";
import { BinderView } from "./binder-view.tsx";
import { SharedObjectPage } from "./shared-object-page.tsx";

export default function SharedBinderScreen({ params }: ScreenProps) {
  return (
    <SharedObjectPage type="Binder" code={params.code}>
      {(object, code) => (
        <BinderView
          pages={binderPagesOf((object as { Pages?: unknown }).Pages)}
          signedIn={false}
          sourceOf={(page) => ({ kind: "sharedBinder", code, dashboardRecId: page.recId })}
        />
      )}
    </SharedObjectPage>
  );
}
