/**
 * The list contract shared with the screens manifest (schemas/screens.ts): `GET …?page=&pageSize=
 * &search=&sort=` answers `{ items, total }`; `page` starts at 1; `sort` is a field name, prefixed
 * with `-` for descending order. Unknown sort fields are refused by the schema (400).
 */
import { badRequest } from "../http/errors.ts";
import type { ListQuery, Page } from "../store/types/list-page.ts";

/** Largest page a list returns. */
export const MAX_PAGE_SIZE = 200;
/** Page size when none is asked for. */
export const DEFAULT_PAGE_SIZE = 50;

/** The query-string properties of a list sortable by `fields` (default `defaultSort`). */
export function listQueryProperties(fields: readonly string[], defaultSort: string) {
  return {
    page: { type: "integer", minimum: 1, maximum: 100_000, default: 1, description: "Page, from 1." },
    pageSize: {
      type: "integer",
      minimum: 1,
      maximum: MAX_PAGE_SIZE,
      default: DEFAULT_PAGE_SIZE,
      description: "Items per page.",
    },
    search: { type: "string", maxLength: 200, description: "Text the name contains (case-insensitive)." },
    sort: {
      enum: fields.flatMap((field) => [field, `-${field}`]),
      default: defaultSort,
      description: "Sort field; a leading - sorts descending.",
    },
  } as const;
}

/** A closed query-string schema: the list properties plus `extra`. */
export function listQuerySchema(
  fields: readonly string[],
  defaultSort: string,
  extra: Record<string, object> = {},
) {
  return {
    type: "object",
    properties: { ...listQueryProperties(fields, defaultSort), ...extra },
    additionalProperties: false,
  };
}

/** The validated list query-string values. */
export interface ListQueryString {
  page: number;
  pageSize: number;
  search?: string;
  sort: string;
}

/** The store's list query for validated query-string values. */
export function toListQuery(query: ListQueryString): ListQuery {
  const descending = query.sort.startsWith("-");
  return {
    ...(query.search !== undefined && { search: query.search }),
    sort: { field: descending ? query.sort.slice(1) : query.sort, descending },
    offset: (query.page - 1) * query.pageSize,
    limit: query.pageSize,
  };
}

/** The `{ items, total }` body of a page. */
export function pageBody<T, B>(page: Page<T>, body: (item: T) => B): { items: B[]; total: number } {
  return { items: page.items.map(body), total: page.total };
}

/** An epoch-ms time as ISO 8601, or null. */
export function isoTime(ms: number | null): string | null {
  return ms === null ? null : new Date(ms).toISOString();
}

/** A trimmed text, or 400 InvalidRequest when it is blank (schemas cannot see through whitespace). */
export function nonBlank(text: string, what: string): string {
  const trimmed = text.trim();
  if (trimmed === "") throw badRequest("InvalidRequest", `The ${what} cannot be blank.`);
  return trimmed;
}
