/**
 * IP addresses and blocks for /admin/blockedips and /admin/ipdatabase: parsing IPv4 and IPv6 (with
 * an optional CIDR prefix) into a canonical text and a sortable key range. Keys are fixed-width hex
 * (8 digits for IPv4, 32 for IPv6), so ranges compare as text in SQL.
 */
import { isIPv4, isIPv6 } from "node:net";

/** A parsed address or block. */
export interface IpBlock {
  version: 4 | 6;
  /** Canonical text: dotted IPv4 or compressed lower-case IPv6, with "/prefix" for blocks. */
  canonical: string;
  startKey: string;
  endKey: string;
}

/** The numeric value of an address, or undefined when it is not one. */
export function ipValue(text: string): { version: 4 | 6; value: bigint } | undefined {
  if (isIPv4(text)) {
    const value = text.split(".").reduce((sum, part) => (sum << 8n) + BigInt(Number(part)), 0n);
    return { version: 4, value };
  }
  if (!isIPv6(text)) return undefined;
  let address = text.toLowerCase();
  const embedded = /(\d+\.\d+\.\d+\.\d+)$/.exec(address);
  if (embedded?.[1]) {
    const v4 = ipValue(embedded[1])?.value ?? 0n;
    address = address.replace(embedded[1], `${(v4 >> 16n).toString(16)}:${(v4 & 0xffffn).toString(16)}`);
  }
  const [head = "", tail] = address.split("::");
  const left = head ? head.split(":") : [];
  const right = tail ? tail.split(":") : [];
  const groups =
    tail === undefined ? left : [...left, ...Array(8 - left.length - right.length).fill("0"), ...right];
  const value = groups.reduce((sum, group) => (sum << 16n) + BigInt(Number.parseInt(group || "0", 16)), 0n);
  return { version: 6, value };
}

/** The sortable key of an address value. */
export function ipKey(version: 4 | 6, value: bigint): string {
  return value.toString(16).padStart(version === 4 ? 8 : 32, "0");
}

/** Canonical text of an address value. */
export function formatIp(version: 4 | 6, value: bigint): string {
  if (version === 4) return [24n, 16n, 8n, 0n].map((shift) => String((value >> shift) & 0xffn)).join(".");
  const groups = Array.from({ length: 8 }, (_, index) =>
    ((value >> BigInt((7 - index) * 16)) & 0xffffn).toString(16),
  );
  // The URL parser writes the RFC 5952 form (longest zero run compressed).
  return new URL(`http://[${groups.join(":")}]`).hostname.slice(1, -1);
}

/**
 * Parses "a.b.c.d", "a.b.c.d/nn", an IPv6 address or "x::y/nnn". A block must name its network
 * address (no host bits set); the answer is a message when the text is not valid.
 */
export function parseIpBlock(text: string): IpBlock | string {
  const [address = "", prefixText, extra] = text.trim().split("/");
  if (extra !== undefined) return "Write one address or one address/prefix.";
  const parsed = ipValue(address);
  if (!parsed) return "This is not an IPv4 or IPv6 address.";
  const bits = parsed.version === 4 ? 32 : 128;
  if (prefixText === undefined) {
    const key = ipKey(parsed.version, parsed.value);
    return {
      version: parsed.version,
      canonical: formatIp(parsed.version, parsed.value),
      startKey: key,
      endKey: key,
    };
  }
  const prefix = /^\d{1,3}$/.test(prefixText) ? Number(prefixText) : -1;
  if (prefix < 0 || prefix > bits) return `The prefix must be between 0 and ${bits}.`;
  const hostMask = (1n << BigInt(bits - prefix)) - 1n;
  if ((parsed.value & hostMask) !== 0n) {
    const network = formatIp(parsed.version, parsed.value & ~hostMask);
    return `The block has host bits set; its network is ${network}/${prefix}.`;
  }
  return {
    version: parsed.version,
    canonical: `${formatIp(parsed.version, parsed.value)}/${prefix}`,
    startKey: ipKey(parsed.version, parsed.value),
    endKey: ipKey(parsed.version, parsed.value | hostMask),
  };
}
