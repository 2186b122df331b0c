import type { RouteDefinition } from "../../schemas/routes.ts";
import type { RouteParams } from "../navigation/route-match.ts";

/** What every screen renderer receives: its route and the matched parameters. */
export interface ScreenProps {
  route: RouteDefinition;
  params: RouteParams;
}
