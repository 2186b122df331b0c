/**
 * The route the navigation host shows and the path it was allowed at, for what reads the page from
 * outside React: the live configuration (runtime/config/) keeps its definition as it is until the
 * next navigation.
 */

/** The route on display. */
export interface ShownRoute {
  routeId: string;
  pathname: string;
}

let shown: ShownRoute | null = null;

/** Set by the navigation host each time the guard allows a location. */
export function setShownRoute(route: ShownRoute | null): void {
  shown = route;
}

/** The route on display, null before the first allowed navigation. */
export function shownRoute(): ShownRoute | null {
  return shown;
}
