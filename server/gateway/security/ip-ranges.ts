/**
 * Sets of IP ranges — single addresses and CIDR blocks, IPv4 and IPv6 — with a lookup that costs
 * one hash probe per distinct prefix length in the set, whatever its size.
 */
import { ADDRESS_BITS, type IpAddress, networkOf, parseIpAddress } from "./ip-address.ts";

/** One range: a family, a prefix length and the network's value (host bits cleared). */
export interface IpRange {
  family: 4 | 6;
  prefixBits: number;
  network: bigint;
}

/** Bits of the `::ffff:0:0/96` prefix in front of an IPv4-mapped address. */
const IPV4_MAPPED_PREFIX_BITS = 96;

/**
 * Parses `203.0.113.7`, `198.51.100.0/24`, `2001:db8::1` or `2001:db8::/32`; null when invalid.
 * Host bits after the prefix are cleared (`10.0.0.5/8` is `10.0.0.0/8`). An IPv4-mapped IPv6 block
 * (`::ffff:198.51.100.0/120`) becomes the IPv4 block it covers.
 */
export function parseIpRange(text: string): IpRange | null {
  const [addressText, prefixText, extra] = text.trim().split("/");
  if (addressText === undefined || extra !== undefined) return null;
  const address = parseIpAddress(addressText);
  if (!address || addressText.includes("%")) return null;
  const mapped = address.family === 4 && addressText.includes(":");
  const maxBits = mapped ? ADDRESS_BITS[6] : ADDRESS_BITS[address.family];
  let prefixBits = maxBits;
  if (prefixText !== undefined) {
    if (!/^(?:0|[1-9][0-9]{0,2})$/.test(prefixText)) return null;
    prefixBits = Number(prefixText);
    if (prefixBits > maxBits) return null;
  }
  if (mapped) {
    if (prefixBits < IPV4_MAPPED_PREFIX_BITS) return null;
    prefixBits -= IPV4_MAPPED_PREFIX_BITS;
  }
  return { family: address.family, prefixBits, network: networkOf(address, prefixBits) };
}

/** An immutable set of ranges answering "is this address inside any of them?". */
export class IpRangeSet {
  /** Per family: prefix length → networks of that length. */
  readonly #byFamily: Record<4 | 6, Map<number, Set<bigint>>> = { 4: new Map(), 6: new Map() };
  readonly size: number;

  constructor(ranges: Iterable<IpRange>) {
    let size = 0;
    for (const range of ranges) {
      const byPrefix = this.#byFamily[range.family];
      let networks = byPrefix.get(range.prefixBits);
      if (!networks) {
        networks = new Set();
        byPrefix.set(range.prefixBits, networks);
      }
      if (!networks.has(range.network)) size += 1;
      networks.add(range.network);
    }
    this.size = size;
  }

  /** True when the address (text or parsed) lies in one of the ranges; unparsable text never does. */
  has(address: string | IpAddress): boolean {
    const parsed = typeof address === "string" ? parseIpAddress(address) : address;
    if (!parsed) return false;
    for (const [prefixBits, networks] of this.#byFamily[parsed.family]) {
      if (networks.has(networkOf(parsed, prefixBits))) return true;
    }
    return false;
  }
}
