/**
 * The live document viewer (renderer kind `liveDocViewer`, §2.2 /livedoc/viewer/{recId}): its text
 * blocks and embedded widgets with their data (live-doc-body.tsx), the object header with Print,
 * its facts under About.
 */
import type { ScreenProps } from "../../renderers/screen-props.ts";
import { liveDocDefinitionOf } from "./definitions.ts";
import { LiveDocBody } from "./live-doc-body.tsx";
import { MemberObjectPage } from "./member-object-page.tsx";
import { NoDefinition } from "./no-definition.tsx";

export default function LiveDocViewerScreen(props: ScreenProps) {
  return (
    <MemberObjectPage {...props} kind="liveDocViewer" viewTabKey="LiveDoc_ViewTab">
      {(object) => {
        const definition = liveDocDefinitionOf(object.Properties);
        if (!definition)
          return <NoDefinition titleKey="LiveDoc_NoDefinitionTitle" textKey="LiveDoc_NoDefinitionText" />;
        return (
          <LiveDocBody
            key={object.RecId}
            definition={definition}
            source={{ kind: "member", area: "LiveDocs", recId: object.RecId }}
            signedIn
          />
        );
      }}
    </MemberObjectPage>
  );
}
