/**
 * Blocked IPs (DESIGN.md §4, SPEC §2.4 /admin/blockedips): the gateway polls the upstream's list of
 * currently blocked addresses and CIDR blocks and refuses those clients on every request with 403.
 * The poll interval is the bounded propagation delay of a new block. When the list cannot be read
 * the last good one stays in force (failing open on first boot: an empty list), and it is logged.
 *
 * Upstream contract: `GET {appBase}Admin/BlockedIps/Active` with `Authorization: Bearer
 * <UPSTREAM_SERVICE_TOKEN>` answers 200 with `{ "Items": [entry…] }` (also accepted: `items`, or a
 * bare array); an entry is `"203.0.113.7"`, `"198.51.100.0/24"`, `"2001:db8::/32"` or an object with
 * `IpAddress` and an optional `BlockedUntil` (ISO 8601 or null for no end).
 */
import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from "fastify";
import { GatewayErrorCode } from "../errors/gateway-error-codes.ts";
import { type IpRange, IpRangeSet, parseIpRange } from "./ip-ranges.ts";

/** Interval between two reads of the list: the longest a new block takes to apply. */
export const BLOCKED_IPS_REFRESH_MS = 10_000;
/** Upper bound of one read of the list. */
export const BLOCKED_IPS_FETCH_TIMEOUT_MS = 5_000;
/** Largest list body accepted. */
export const BLOCKED_IPS_MAX_BODY_BYTES = 4 * 1024 * 1024;
/** The upstream endpoint, relative to the application base. */
export const BLOCKED_IPS_PATH = "Admin/BlockedIps/Active";

/** Options of `BlockedIps`. */
export interface BlockedIpsOptions {
  /** The upstream application base, e.g. `http://127.0.0.1:5180/api/`. */
  appBase: string;
  /** The service token (UPSTREAM_SERVICE_TOKEN); without one the list is never read. */
  serviceToken: string | null;
  log: FastifyBaseLogger;
  refreshMs?: number;
  fetchTimeoutMs?: number;
  now?: () => number;
  /**
   * Called when a read finds the list changed since the previous read (not on the first): the
   * fan-out tells the other instances, which read it at once instead of at their next poll.
   */
  onChanged?: () => void;
}

interface BlockEntry {
  /** The entry as listed (what tells one list from another). */
  text: string;
  range: IpRange;
  until: number | null;
}

/** The ranges and expiry of a list body; entries that do not parse are counted, not kept. */
export function parseBlockedList(body: unknown): { entries: BlockEntry[]; invalid: number } | null {
  const record = body as { Items?: unknown; items?: unknown } | null;
  const items = Array.isArray(body) ? body : (record?.Items ?? record?.items);
  if (!Array.isArray(items)) return null;
  const entries: BlockEntry[] = [];
  let invalid = 0;
  for (const item of items) {
    const text = typeof item === "string" ? item : (item as { IpAddress?: unknown } | null)?.IpAddress;
    const untilText =
      typeof item === "object" && item !== null ? (item as { BlockedUntil?: unknown }).BlockedUntil : null;
    const range = typeof text === "string" ? parseIpRange(text) : null;
    const until = typeof untilText === "string" ? Date.parse(untilText) : null;
    if (!range || Number.isNaN(until)) invalid += 1;
    else entries.push({ text: `${text}|${untilText ?? ""}`, range, until });
  }
  return { entries, invalid };
}

/** The polled block list and the onRequest hook that enforces it. */
export class BlockedIps {
  #entries: BlockEntry[] = [];
  #set = new IpRangeSet([]);
  #nextExpiry = Number.POSITIVE_INFINITY;
  #timer: NodeJS.Timeout | null = null;
  #inFlight: Promise<boolean> | null = null;
  #failing = false;
  /** The last list read, as its entries' texts; null before the first read. */
  #listed: string | null = null;
  readonly #url: string;
  readonly #now: () => number;

  constructor(private readonly options: BlockedIpsOptions) {
    this.#url = new URL(BLOCKED_IPS_PATH, options.appBase).href;
    this.#now = options.now ?? Date.now;
  }

  /** Reads the list now and then every refreshMs; resolves after the first read (success or not). */
  start(): Promise<boolean> {
    if (!this.options.serviceToken) {
      this.options.log.error(
        "blocked IPs: UPSTREAM_SERVICE_TOKEN is not set; the block list is not enforced",
      );
      return Promise.resolve(false);
    }
    if (!this.#timer) {
      this.#timer = setInterval(() => void this.refresh(), this.options.refreshMs ?? BLOCKED_IPS_REFRESH_MS);
      this.#timer.unref();
    }
    return this.refresh();
  }

  /** Stops polling. */
  stop(): void {
    if (this.#timer) clearInterval(this.#timer);
    this.#timer = null;
  }

  /** Reads the list once; true when it was replaced. Concurrent calls share one read. */
  refresh(): Promise<boolean> {
    this.#inFlight ??= this.#read().finally(() => {
      this.#inFlight = null;
    });
    return this.#inFlight;
  }

  /**
   * Reads the list again after a change elsewhere (a relayed edit, another instance's word): a read
   * already under way may have started before the change, so a new one follows it.
   */
  async reread(): Promise<boolean> {
    if (this.#inFlight) await this.#inFlight;
    return this.refresh();
  }

  /** Number of ranges in force. */
  get size(): number {
    return this.#current().size;
  }

  /** True when the client address lies in a blocked range. */
  isBlocked(ip: string): boolean {
    return this.#current().has(ip);
  }

  /** onRequest hook: 403 for a blocked client, before any other work. */
  readonly hook = (request: FastifyRequest, reply: FastifyReply, done: () => void): void => {
    // A callback hook: no promise per request; answering without `done` ends the request here.
    if (!this.isBlocked(request.ip)) {
      done();
      return;
    }
    reply
      .code(403)
      .header("Cache-Control", "no-store")
      .send({ ErrorCode: GatewayErrorCode.IpBlocked, Message: "Access from this address is blocked." });
  };

  #current(): IpRangeSet {
    if (this.#now() >= this.#nextExpiry) this.#install(this.#entries);
    return this.#set;
  }

  #install(entries: BlockEntry[]): void {
    const now = this.#now();
    this.#entries = entries.filter((entry) => entry.until === null || entry.until > now);
    this.#set = new IpRangeSet(this.#entries.map((entry) => entry.range));
    this.#nextExpiry = Number.POSITIVE_INFINITY;
    for (const entry of this.#entries)
      if (entry.until !== null && entry.until < this.#nextExpiry) this.#nextExpiry = entry.until;
  }

  async #read(): Promise<boolean> {
    const { log } = this.options;
    try {
      const response = await fetch(this.#url, {
        headers: { authorization: `Bearer ${this.options.serviceToken}`, accept: "application/json" },
        signal: AbortSignal.timeout(this.options.fetchTimeoutMs ?? BLOCKED_IPS_FETCH_TIMEOUT_MS),
      });
      const text = await response.text();
      if (!response.ok) throw new Error(`answered ${response.status}`);
      if (text.length > BLOCKED_IPS_MAX_BODY_BYTES) throw new Error("list too large");
      const parsed = parseBlockedList(JSON.parse(text));
      if (!parsed) throw new Error("unexpected body");
      if (parsed.invalid > 0) log.warn({ invalid: parsed.invalid }, "blocked IPs: entries ignored");
      this.#install(parsed.entries);
      const listed = parsed.entries
        .map((entry) => entry.text)
        .sort()
        .join("\n");
      if (this.#listed !== null && listed !== this.#listed) this.options.onChanged?.();
      this.#listed = listed;
      if (this.#failing) log.info({ ranges: this.#set.size }, "blocked IPs: list readable again");
      this.#failing = false;
      return true;
    } catch (error) {
      // Logged once per outage, not every interval; the last good list stays in force.
      if (!this.#failing) {
        log.warn(
          { reason: (error as Error).message, kept: this.#set.size },
          "blocked IPs: cannot read the list",
        );
      }
      this.#failing = true;
      return false;
    }
  }
}
