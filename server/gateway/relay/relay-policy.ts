/**
 * Which upstream calls the REST relay forwards, and how large a body each may carry (DESIGN.md §4:
 * the gateway is the trust boundary; upstream credentials stay in the gateway).
 *
 * The policy is an allow-list of call families under each base. A family covers its path and
 * everything below it; the longest matching family decides. A call no family covers is refused
 * (fail closed), so an upstream route the policy has not judged never reaches a browser. Families:
 * - `relay`: forwarded with the caller's identity (the session's upstream token, or none);
 * - `session`: the upstream's own credential and session calls (password and second-factor login,
 *   token login, signup, recovery, impersonation, logout, password change). Browsers use the
 *   gateway's `/gw/session/*` endpoints, which hold the tokens, apply the rate limits and the shell's
 *   signup rule; relaying these would hand the upstream's raw token to the browser;
 * - `service`: calls only the gateway itself makes with its service token (embedding allow-lists).
 *
 * Body limits are per route pattern (`*` is one segment) and equal the upstream's own limit for the
 * route, so an oversized body is refused here, before the upstream sees a byte of it, with one code
 * (a relay test compares them with the embedded upstream's route table).
 */
import { RELAY_FAILURES, type RelayFailure } from "./relay-failure.ts";

/** The two relayed bases (§7): the application base and the webservices base. */
export type RelayBase = "app" | "webservices";

/** What the relay does with a call family. */
export type RelayDecisionKind = "relay" | "session" | "service";

/** One family of calls: a path under a base (segments, `*` for any one segment) and below it. */
export interface RelayFamily {
  base: RelayBase;
  path: string;
  decision: RelayDecisionKind;
}

/** The body limit of one route: a method and a pattern (the pattern itself only, not below it). */
export interface RelayBodyLimit {
  method: string;
  base: RelayBase;
  path: string;
  maxBodyBytes: number;
}

/** The decision for one call. */
export type RelayDecision =
  | { relay: true; maxBodyBytes: number }
  | { relay: false; failure: RelayFailure; decision: RelayDecisionKind | "unknown" };

/** A compiled policy: `decide` is called once per relayed request. */
export interface RelayPolicy {
  /**
   * The decision for `method` on `rawPath`: the path under the base as the browser sent it (still
   * percent-encoded, already checked by relayTarget, no query).
   */
  decide(base: RelayBase, method: string, rawPath: string): RelayDecision;
}

interface Node<T> {
  children: Map<string, Node<T>>;
  wildcard: Node<T> | null;
  value: T | null;
}

const newNode = <T>(): Node<T> => ({ children: new Map(), wildcard: null, value: null });

/** The gateway error each refusing decision answers with. */
const REFUSALS: Record<Exclude<RelayDecisionKind, "relay"> | "unknown", RelayFailure> = {
  session: RELAY_FAILURES.RelaySessionCallRefused,
  service: RELAY_FAILURES.RelayServiceCallRefused,
  unknown: RELAY_FAILURES.RelayCallNotRelayed,
};

/**
 * Compiles families and body limits into a policy. `defaultMaxBodyBytes` applies to every relayed
 * route without a limit of its own. Duplicate families or limits throw: one rule, one place.
 */
export function compileRelayPolicy(
  families: readonly RelayFamily[],
  limits: readonly RelayBodyLimit[],
  defaultMaxBodyBytes: number,
): RelayPolicy {
  if (!Number.isInteger(defaultMaxBodyBytes) || defaultMaxBodyBytes <= 0)
    throw new Error("relay policy: the default body limit must be a positive integer");
  const familyRoots: Record<RelayBase, Node<RelayDecisionKind>> = { app: newNode(), webservices: newNode() };
  const limitRoots: Record<RelayBase, Node<Map<string, number>>> = { app: newNode(), webservices: newNode() };
  for (const family of families) {
    const node = nodeFor(familyRoots[family.base], family.path);
    if (node.value !== null) throw new Error(`relay policy: family ${family.base}:${family.path} twice`);
    node.value = family.decision;
  }
  for (const limit of limits) {
    if (!Number.isInteger(limit.maxBodyBytes) || limit.maxBodyBytes <= 0)
      throw new Error(`relay policy: the limit of ${limit.base}:${limit.path} must be a positive integer`);
    const node = nodeFor(limitRoots[limit.base], limit.path);
    node.value ??= new Map();
    if (node.value.has(limit.method))
      throw new Error(`relay policy: limit ${limit.method} ${limit.base}:${limit.path} twice`);
    node.value.set(limit.method, limit.maxBodyBytes);
  }
  const unknown: RelayDecision = { relay: false, failure: REFUSALS.unknown, decision: "unknown" };
  const refusals = {
    session: { relay: false, failure: REFUSALS.session, decision: "session" },
    service: { relay: false, failure: REFUSALS.service, decision: "service" },
  } as const satisfies Record<string, RelayDecision>;
  return {
    decide(base, method, rawPath) {
      const segments = normalisedSegments(rawPath);
      const family = deepestFamily(familyRoots[base], segments, 0);
      if (family === null) return unknown;
      if (family !== "relay") return refusals[family];
      const limit = exactRoute(limitRoots[base], segments, 0)?.get(method);
      return { relay: true, maxBodyBytes: limit ?? defaultMaxBodyBytes };
    },
  };
}

function nodeFor<T>(root: Node<T>, path: string): Node<T> {
  let node = root;
  for (const segment of path.split("/")) {
    if (segment === "") throw new Error(`relay policy: empty segment in ${path}`);
    if (segment === "*") {
      node.wildcard ??= newNode();
      node = node.wildcard;
      continue;
    }
    const key = segment.toLowerCase();
    let child = node.children.get(key);
    if (!child) {
      child = newNode();
      node.children.set(key, child);
    }
    node = child;
  }
  return node;
}

/**
 * What the upstream routes on: segments percent-decoded once (routers decode before matching;
 * relayTarget has refused malformed escapes, encoded separators and dot segments) and lower-cased
 * (upstream routes are case-insensitive), with a trailing slash ignored (`Notifications/` is
 * `Notifications`).
 */
function normalisedSegments(rawPath: string): string[] {
  const path = rawPath.endsWith("/") ? rawPath.slice(0, -1) : rawPath;
  const segments = path.split("/");
  for (let index = 0; index < segments.length; index++) {
    const segment = segments[index]!;
    segments[index] = (segment.includes("%") ? decodeURIComponent(segment) : segment).toLowerCase();
  }
  return segments;
}

/**
 * The family deciding `segments` from `index` on: the deepest family on the path, exact segments
 * tried before a wildcard, or null when no family covers the path.
 */
function deepestFamily<T>(node: Node<T>, segments: string[], index: number): T | null {
  if (index < segments.length) {
    const segment = segments[index]!;
    const exact = node.children.get(segment);
    const below =
      (exact ? deepestFamily(exact, segments, index + 1) : null) ??
      (node.wildcard ? deepestFamily(node.wildcard, segments, index + 1) : null);
    if (below !== null) return below;
  }
  return node.value;
}

/** The value of the route matching `segments` exactly (exact segments before a wildcard), or null. */
function exactRoute<T>(node: Node<T>, segments: string[], index: number): T | null {
  if (index === segments.length) return node.value;
  const exact = node.children.get(segments[index]!);
  return (
    (exact ? exactRoute(exact, segments, index + 1) : null) ??
    (node.wildcard ? exactRoute(node.wildcard, segments, index + 1) : null)
  );
}
