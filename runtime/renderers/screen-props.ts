import type { RouteParams } from "../../core/routes/match.ts";
import type { RouteDefinition } from "../../schemas/routes.ts";

/** What every screen renderer receives: its route and the matched parameters. */
export interface ScreenProps {
  route: RouteDefinition;
  params: RouteParams;
}
