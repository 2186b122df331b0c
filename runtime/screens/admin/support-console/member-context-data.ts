/**
 * The member details beside a conversation (§4.4 staff side): the `Context` answer of a session read
 * field by field (any may be missing), the answer of a ticket created from it, and whether the page
 * the member wrote from opens for the agent — an in-app path of a route the agent may open (§4.1,
 * §5 access checks), never a URL elsewhere.
 */
import type { AccessSubject } from "../../../../core/access/access-profile.ts";
import { decideRouteAccess } from "../../../../core/access/decide.ts";
import { isSafeRedirectTarget } from "../../../../core/navigation/safe-redirect.ts";
import { type RouteMatcher, routeOfLink } from "../../../../core/routes/match.ts";
import type { ClientRoute } from "../../../../schemas/client-manifest.ts";
import type { PermissionsManifest } from "../../../../schemas/permissions.ts";

/** A ticket of the member's account, as the context lists it. */
export interface ContextTicket {
  recId: number;
  title: string;
  status: string | null;
  createdAt: string | null;
}

/** What the panel shows; a field the answer lacks is null. */
export interface MemberContext {
  account: {
    recId: number | null;
    name: string | null;
    domain: string | null;
    subscription: string | null;
  } | null;
  user: {
    recId: number | null;
    fullName: string | null;
    email: string | null;
    role: string | null;
    language: string | null;
  } | null;
  page: string | null;
  tickets: ContextTicket[];
}

type Fields = Record<string, unknown>;

const objectOf = (value: unknown): Fields | null =>
  typeof value === "object" && value !== null && !Array.isArray(value) ? (value as Fields) : null;
const textOf = (value: unknown): string | null =>
  typeof value === "string" && value.trim() !== "" ? value : null;
const idOf = (value: unknown): number | null =>
  typeof value === "number" && Number.isInteger(value) && value > 0 ? value : null;

function ticketOf(value: unknown): ContextTicket | null {
  const fields = objectOf(value);
  const recId = idOf(fields?.RecId);
  if (!fields || recId === null) return null;
  return {
    recId,
    title: textOf(fields.Title) ?? "",
    status: textOf(fields.Status),
    createdAt: textOf(fields.CreatedAt),
  };
}

/** Reads a `GET Admin/SupportChat/Sessions/{id}/Context` answer; anything unexpected reads as absent. */
export function memberContextOf(body: unknown): MemberContext {
  const fields = objectOf(body) ?? {};
  const account = objectOf(fields.Account);
  const user = objectOf(fields.User);
  return {
    account: account && {
      recId: idOf(account.RecId),
      name: textOf(account.Name),
      domain: textOf(account.Domain),
      subscription: textOf(account.SubscriptionType),
    },
    user: user && {
      recId: idOf(user.RecId),
      fullName: textOf(user.FullName),
      email: textOf(user.Email),
      role: textOf(user.RoleName),
      language: textOf(user.LanguageCode),
    },
    page: textOf(fields.Page),
    tickets: Array.isArray(fields.Tickets)
      ? fields.Tickets.flatMap((ticket) => {
          const read = ticketOf(ticket);
          return read ? [read] : [];
        })
      : [],
  };
}

/** Reads the 201 answer of `POST …/Sessions/{id}/Ticket`; null when it names no ticket. */
export function createdTicketOf(body: unknown): { recId: number; title: string } | null {
  const ticket = ticketOf(body);
  return ticket && { recId: ticket.recId, title: ticket.title };
}

/** What deciding a page link needs: the agent's routes and access. */
export interface PageLinkInput {
  match: RouteMatcher | null;
  subject: AccessSubject | null;
  features: PermissionsManifest["features"];
}

/**
 * The in-app path the member's page opens for the agent, or null: not a same-origin path, no route
 * of the agent's manifest, a route that leaves the product or does not show what the member saw
 * (an external site, an upgrade page, a visitors-only page), or one the agent's access refuses.
 * An in-app redirect stays: the guard sends it where the member was sent.
 */
export function pageLinkTarget(page: string | null, input: PageLinkInput): string | null {
  if (!isSafeRedirectTarget(page) || !input.match || !input.subject) return null;
  const route = routeOfLink(page, input.match)?.route as ClientRoute | undefined;
  if (!route || route.upgrade !== undefined) return null;
  if (route.external) return null;
  const access = route.access ?? {};
  if (access.notLoggedInOnly || access.signupGate) return null;
  if (access.public) return page;
  return decideRouteAccess(route, input.subject, input.features).allowed ? page : null;
}
