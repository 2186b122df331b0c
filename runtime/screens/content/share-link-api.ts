/**
 * The public link calls of the share dialog (§2.1 public routes), through the gateway relay:
 * `Content/{area}/Objects/{recId}/PublicLinks` (list, create, revoke) and, for dashboards,
 * `…/ChartSnapshots` (a titled PNG of the dashboard's chart, shared the same way). The upstream
 * answers links as `{ RecId, Type, Code, Path, Title, CreatedByFullName, CreatedAt }`; `Path` is the
 * public route (/v/…, /b/…, /ld/…, /report/chart/snapshot?code=…).
 */
import { apiRequest } from "../../http/api-client.ts";

/** The object types that may get a public link, and the library area of each. */
export const PUBLIC_LINK_AREAS = { Dashboard: "Dashboards", Binder: "Binders", LiveDoc: "LiveDocs" } as const;
/** A type that may get a public link. */
export type PublicLinkObjectType = keyof typeof PUBLIC_LINK_AREAS;

/** A public link as the upstream lists it. */
export interface PublicLink {
  RecId: number;
  Type: PublicLinkObjectType | "ChartSnapshot";
  Code: string;
  Path: string;
  Title: string | null;
  CreatedByFullName: string | null;
  CreatedAt: string;
}

/** True when objects of `type` may get a public link. */
export function isPublicLinkType(type: string): type is PublicLinkObjectType {
  return Object.hasOwn(PUBLIC_LINK_AREAS, type);
}

/** The absolute address of a link, on the origin the member uses. */
export function publicLinkUrl(link: Pick<PublicLink, "Path">, origin: string): string {
  return new URL(link.Path, origin).href;
}

/** The public link calls on one object. */
export function publicLinkApi(type: PublicLinkObjectType, recId: number) {
  const base = `Content/${PUBLIC_LINK_AREAS[type]}/Objects/${recId}`;
  return {
    list: (signal?: AbortSignal) => apiRequest<PublicLink[]>(`${base}/PublicLinks`, { signal }),
    create: () => apiRequest<PublicLink>(`${base}/PublicLinks`, { method: "POST" }),
    snapshot: (title: string) =>
      apiRequest<PublicLink>(`${base}/ChartSnapshots`, { method: "POST", body: { Title: title } }),
    revoke: (linkRecId: number) => apiRequest<null>(`${base}/PublicLinks/${linkRecId}`, { method: "DELETE" }),
  };
}
