/**
 * A live document drawn from its definition (its viewer and /ld/{code}): text blocks through the
 * runtime's one sanitiser (DOMPurify, DESIGN.md §6) and embedded widgets with their data, top to
 * bottom; the document's filter widgets narrow the widgets they target across all its blocks.
 */
import { type CSSProperties, useMemo } from "react";
import type { LiveDocDefinition } from "../../../schemas/payloads/analytics-content.ts";
import { sanitizeHtml } from "../work/tickets/sanitize-html.ts";
import { liveDocWidgets } from "./definitions.ts";
import { DEFAULT_ROW_HEIGHT } from "./grid-layout.ts";
import { usePageFilters } from "./page-filters.ts";
import type { WidgetSource } from "./widget-data.ts";
import { PlacedWidget } from "./widget-grid.tsx";
import { useWidgetSetup } from "./widget-setup.ts";

/** Props of a LiveDocBody. */
export interface LiveDocBodyProps {
  definition: LiveDocDefinition;
  source: WidgetSource;
  signedIn: boolean;
}

/** The blocks of a live document. */
export function LiveDocBody({ definition, source, signedIn }: LiveDocBodyProps) {
  const widgets = useMemo(() => liveDocWidgets(definition), [definition]);
  const setup = useWidgetSetup(definition.Theme, signedIn);
  const filters = usePageFilters(widgets, setup.rendererOf);
  return (
    <div className="analytics-doc">
      {definition.Blocks.map((block, index) =>
        block.Type === "Text" ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: text blocks have no id; the order is the document's
          <TextBlock key={`text-${index}`} html={block.Html} />
        ) : (
          <div
            key={block.Widget.Id}
            className="analytics-doc__widget"
            style={
              {
                "--analytics-height": `${Math.max(1, block.Widget.Position.H) * DEFAULT_ROW_HEIGHT}px`,
              } as CSSProperties
            }
          >
            <PlacedWidget
              widget={block.Widget}
              rowHeight={DEFAULT_ROW_HEIGHT}
              setup={setup}
              filters={filters}
              source={source}
              className="analytics-doc__frame"
            />
          </div>
        ),
      )}
    </div>
  );
}

function TextBlock({ html }: { html: string }) {
  const safe = useMemo(() => sanitizeHtml(html), [html]);
  return (
    <div
      className="analytics-text"
      // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised with DOMPurify just above (DESIGN.md §6)
      dangerouslySetInnerHTML={{ __html: safe }}
    />
  );
}
