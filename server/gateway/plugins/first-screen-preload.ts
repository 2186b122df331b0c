/**
 * The first screen's chunks, announced in the page that opens it (a shorter cold load): the index.html
 * the gateway serves for a path carries `<link rel="modulepreload">` for the chunks of the screen
 * that path renders, so the browser fetches them with the entry script instead of after the entry
 * has run, fetched the manifest and matched the route (runtime/boot/first-route.ts still preloads
 * them: a page served without the links works the same, only later).
 *
 * The chunks per screen kind come from the build (dist/screen-chunks.json, scripts/build.ts); the
 * route from core's route matcher (core/routes/match.ts), the one the runtime's guard matches with —
 * react-router's ranking and the routes' parameter patterns, so a path whose parameter fails its
 * pattern opens no screen here either. A
 * private route requested without a session cookie preloads the login screen instead: the §4.1
 * guard sends such a visitor there. A wrong guess costs a download, never a wrong page.
 */
import { type AppMode, createRouteMatcher } from "../../../core/routes/match.ts";
import type { RoutesManifest } from "../../../schemas/routes.ts";

/** The build's list of chunks per screen kind: file names under /assets/ and indexes per kind. */
export interface ScreenChunksFile {
  files: string[];
  screens: Record<string, number[]>;
}

/** Which routes the page runs (help hosts run help mode, §2.1). */
export type PageMode = AppMode;

/** A chunk file name the build writes: letters, digits, dashes and underscores under chunks/. */
const CHUNK_FILE = /^chunks\/[A-Za-z0-9_-]+\.js$/;
/** The screen kind a visitor without a session ends up on for a private route (§4.1). */
const LOGIN_SCREEN_KIND = "login";

/** True when `value` has the shape scripts/build.ts writes. */
export function isScreenChunksFile(value: unknown): value is ScreenChunksFile {
  if (typeof value !== "object" || value === null) return false;
  const { files, screens } = value as Record<string, unknown>;
  if (!Array.isArray(files) || !files.every((file) => typeof file === "string" && CHUNK_FILE.test(file))) {
    return false;
  }
  if (typeof screens !== "object" || screens === null) return false;
  return Object.values(screens).every(
    (indexes) =>
      Array.isArray(indexes) &&
      indexes.every((index) => Number.isInteger(index) && index >= 0 && index < files.length),
  );
}

/**
 * Index pages per (mode, screen kind), each built once: `pageFor(html, mode, pathname, signedIn)`
 * returns `html` with the preload links of the screen `pathname` opens, or `html` itself when
 * the path opens no screen the build knows.
 */
export function createFirstScreenPreloader(routes: RoutesManifest, chunks: ScreenChunksFile) {
  const byMode = { app: createRouteMatcher(routes, "app"), help: createRouteMatcher(routes, "help") };
  const pages = new Map<string, Buffer>();

  const kindFor = (mode: PageMode, pathname: string, signedIn: boolean): string | null => {
    const route = byMode[mode](pathname)?.route;
    const kind = route?.screen?.kind ?? null;
    if (!route || !kind) return null;
    return route.access?.public === true || signedIn || mode === "help" ? kind : LOGIN_SCREEN_KIND;
  };

  return (html: Buffer, mode: PageMode, pathname: string, signedIn: boolean): Buffer => {
    const kind = kindFor(mode, pathname, signedIn);
    const indexes = kind && Object.hasOwn(chunks.screens, kind) ? chunks.screens[kind] : undefined;
    if (!kind || !indexes?.length) return html;
    const key = `${mode} ${kind}`;
    const known = pages.get(key);
    if (known) return known;
    const links = indexes
      .map((index) => `<link rel="modulepreload" href="/assets/${chunks.files[index]}">`)
      .join("\n");
    const text = html.toString("utf8");
    const head = text.indexOf("</head>");
    const page = head < 0 ? html : Buffer.from(`${text.slice(0, head)}${links}\n${text.slice(head)}`);
    pages.set(key, page);
    return page;
  };
}
