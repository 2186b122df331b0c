/**
 * IP addresses as numbers, for blocked-IP ranges and rate-limit keys. IPv4-mapped IPv6 addresses
 * (`::ffff:203.0.113.7`, what a dual-stack socket reports for an IPv4 client) count as the IPv4
 * address, so one client never has two identities.
 */
import { isIPv4, isIPv6 } from "node:net";

/** An address: its family and its value as an unsigned integer (32 or 128 bits). */
export interface IpAddress {
  family: 4 | 6;
  value: bigint;
}

/** Bits of an address of each family. */
export const ADDRESS_BITS: Readonly<Record<4 | 6, number>> = { 4: 32, 6: 128 };

/** IPv6 clients are rate-limited per /64: one subscriber line usually holds a whole /64. */
export const IPV6_RATE_LIMIT_PREFIX_BITS = 64;

function parseIpv4(text: string): bigint | null {
  const parts = text.split(".");
  if (parts.length !== 4) return null;
  let value = 0n;
  for (const part of parts) {
    // Leading zeros are refused: some parsers read them as octal, so they are ambiguous.
    if (!/^(?:0|[1-9][0-9]{0,2})$/.test(part)) return null;
    const octet = Number(part);
    if (octet > 255) return null;
    value = (value << 8n) | BigInt(octet);
  }
  return value;
}

function parseIpv6(text: string): bigint | null {
  if (!isIPv6(text)) return null;
  let rest = text;
  let tail: number[] = [];
  if (rest.includes(".")) {
    // An embedded IPv4 tail (e.g. ::ffff:203.0.113.7) stands for the last two groups.
    const colon = rest.lastIndexOf(":");
    const v4 = parseIpv4(rest.slice(colon + 1));
    if (v4 === null) return null;
    tail = [Number(v4 >> 16n), Number(v4 & 0xffffn)];
    rest = rest.slice(0, colon + 1);
    if (!rest.endsWith("::")) rest = rest.slice(0, -1);
  }
  const halves = rest.split("::");
  if (halves.length > 2) return null;
  const read = (half: string) =>
    half === ""
      ? []
      : half.split(":").map((g) => (/^[0-9a-fA-F]{1,4}$/.test(g) ? Number.parseInt(g, 16) : Number.NaN));
  const head = read(halves[0] ?? "");
  const after = halves.length === 2 ? read(halves[1] ?? "") : [];
  const explicit = head.length + after.length + tail.length;
  if (halves.length === 1 ? explicit !== 8 : explicit > 7) return null;
  const zeros = new Array<number>(halves.length === 2 ? 8 - explicit : 0).fill(0);
  const groups = [...head, ...zeros, ...after, ...tail];
  if (groups.some((g) => Number.isNaN(g))) return null;
  return groups.reduce((value, group) => (value << 16n) | BigInt(group), 0n);
}

/** Parses an IPv4 or IPv6 address (a zone index such as `%eth0` is ignored); null when invalid. */
export function parseIpAddress(text: string): IpAddress | null {
  const address = text.trim().replace(/%[0-9A-Za-z._~-]+$/, "");
  if (isIPv4(address)) {
    const value = parseIpv4(address);
    return value === null ? null : { family: 4, value };
  }
  const value = parseIpv6(address);
  if (value === null) return null;
  if (value >> 32n === 0xffffn) return { family: 4, value: value & 0xffffffffn };
  return { family: 6, value };
}

/** The address with every bit after the first `prefixBits` cleared. */
export function networkOf(address: IpAddress, prefixBits: number): bigint {
  const hostBits = BigInt(ADDRESS_BITS[address.family] - prefixBits);
  return (address.value >> hostBits) << hostBits;
}

/** Text form of an address: dotted IPv4, or eight hex groups for IPv6 (not compressed). */
export function formatIpAddress(address: IpAddress): string {
  if (address.family === 4) {
    return [24n, 16n, 8n, 0n].map((shift) => String((address.value >> shift) & 0xffn)).join(".");
  }
  const groups: string[] = [];
  for (let shift = 112n; shift >= 0n; shift -= 16n)
    groups.push(((address.value >> shift) & 0xffffn).toString(16));
  return groups.join(":");
}

/**
 * The rate-limit identity of a client address: the IPv4 address, or the /64 of an IPv6 address.
 * An unparsable address (never the case for a socket's) is used as it is.
 */
export function rateLimitKeyOfIp(text: string): string {
  const address = parseIpAddress(text);
  if (!address) return `raw:${text}`;
  if (address.family === 4) return formatIpAddress(address);
  const network = networkOf(address, IPV6_RATE_LIMIT_PREFIX_BITS);
  return `${formatIpAddress({ family: 6, value: network })}/${IPV6_RATE_LIMIT_PREFIX_BITS}`;
}
