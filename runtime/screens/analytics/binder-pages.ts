/**
 * A binder's pages (§2.2 /binder/viewer/{recId}, /b/{code}): its dashboards in order, as
 * `GET Content/Binders/Objects/{recId}/Pages` answers them (`Available` false, without a
 * definition, for one the caller may not see) or a shared binder's `Pages`; and which page shows.
 */
import type { DashboardDefinition } from "../../../schemas/payloads/analytics-content.ts";
import { objectOrEmpty } from "../../widgets/widget-kinds.ts";
import { dashboardOfDefinition } from "./definitions.ts";

/** One page of a binder. */
export interface BinderPage {
  recId: number;
  name: string;
  /** null: the caller may not see it, or it has no definition. */
  definition: DashboardDefinition | null;
  available: boolean;
}

/** The pages of an answer's `items` (member) or `Pages` (shared link); entries it cannot read left out. */
export function binderPagesOf(list: unknown): BinderPage[] {
  if (!Array.isArray(list)) return [];
  const pages: BinderPage[] = [];
  for (const item of list) {
    const page = objectOrEmpty(item);
    if (typeof page.RecId !== "number" || !Number.isInteger(page.RecId) || typeof page.Name !== "string")
      continue;
    const definition = dashboardOfDefinition(page.Definition);
    pages.push({
      recId: page.RecId,
      name: page.Name,
      definition,
      // A shared binder lists only what it shares; no Available flag there.
      available: page.Available !== false,
    });
  }
  return pages;
}

/** The page index a `page` query parameter names (1-based), within `count`; the first otherwise. */
export function pageIndexOf(search: string, count: number): number {
  const raw = new URLSearchParams(search).get("page") ?? "";
  const page = /^[1-9][0-9]{0,3}$/.test(raw) ? Number(raw) : 1;
  return Math.min(Math.max(page, 1), Math.max(count, 1)) - 1;
}

/** The query string with `index`'s page (1-based; the first page leaves the parameter out). */
export function searchWithPage(search: string, index: number): string {
  const query = new URLSearchParams(search);
  if (index <= 0) query.delete("page");
  else query.set("page", String(index + 1));
  const text = query.toString();
  return text ? `?${text}` : "";
}
