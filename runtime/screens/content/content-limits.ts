/**
 * Numbers of the content screens that §9 does not name. They are named here with their units and
 * their source (the upstream's list contract and limits, server/upstream/README-content.md).
 */

/** Quiet period before a typed search is sent, in milliseconds (§9 names no search delay). */
export const SEARCH_DEBOUNCE_MS = 300;

/** Items per list page (the upstream's default page size; it allows up to 200). */
export const LIST_PAGE_SIZE = 50;

/** Longest folder name, in characters (upstream folder rules). */
export const FOLDER_NAME_MAX_CHARS = 120;

/** Longest object name, in characters (upstream object rules). */
export const OBJECT_NAME_MAX_CHARS = 200;

/** Largest definition (Properties) JSON an object may hold, in characters (upstream: ≤ 48 KB). */
export const DEFINITION_MAX_CHARS = 48 * 1024;

/** Most files one upload may carry (upstream Media/Upload). */
export const UPLOAD_MAX_FILES = 10;

/** Recent objects the home screen asks for (one call across the areas) and shows. */
export const HOME_RECENT_LIMIT = 12;

/** Favourite objects the home screen asks for (one call across the areas) and shows. */
export const HOME_FAVOURITES_LIMIT = 12;

/** Most top-level fields a definition may hold (upstream Properties schema). */
export const DEFINITION_MAX_FIELDS = 500;
