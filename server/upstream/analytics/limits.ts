/**
 * The limits of the analytical query API (README.md "Limits"): each refusal has its own error code,
 * so a widget can say which limit its query met.
 */

/** Most source rows one query may read (the rows of every data table it is composed of, summed). */
export const MAX_ROWS_SCANNED = 1_000_000;
/** Largest answer, in bytes of the rows' JSON: a longer result is refused, not cut. */
export const MAX_RESULT_BYTES = 4 * 1024 * 1024;
/** Longest a query may run in the engine before it is interrupted. */
export const QUERY_TIMEOUT_MS = 5_000;
/** Bytes of results the cache keeps (least recently used out first). */
export const RESULT_CACHE_BYTES = 32 * 1024 * 1024;
/** Cells (rows × columns) of data tables the engine keeps loaded (least recently used out first). */
export const MAX_LOADED_CELLS = 20_000_000;
/** Deepest nesting of derived sources (a view of a fusion of views…): deeper ones are not queryable. */
export const MAX_SOURCE_DEPTH = 5;
/** Stored rows read from the store per page while the engine loads a table. */
export const LOAD_PAGE_ROWS = 10_000;
