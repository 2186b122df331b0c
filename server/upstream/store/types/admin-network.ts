/** One range of the IP database (keys as ip-addresses.ts makes them). */
export interface IpRangeInput {
  version: 4 | 6;
  startIp: string;
  endIp: string;
  startKey: string;
  endKey: string;
  countryCode: string;
  region: string | null;
  city: string | null;
  organization: string | null;
}

/** Blocked IPs as the gateway enforces them, and the IP database behind country lookups. */
export interface AdminNetworkStoreFamily {
  /** Blocks in force at `now` (no end, or an end after now). */
  activeBlocks(now: number): Promise<{ ipAddress: string; blockedUntil: number | null }[]>;
  /** The country of the narrowest range containing the key, if the IP database knows it. */
  countryOf(version: 4 | 6, key: string): Promise<string | undefined>;
  /**
   * Replaces every imported (non-manual) range by `ranges` and records the update as Succeeded, in
   * one transaction; manual ranges stay. Returns the update's id.
   */
  importRanges(
    ranges: readonly IpRangeInput[],
    update: { fileName: string; startedBy: number; startedAt: number },
    now: number,
  ): Promise<number>;
}
