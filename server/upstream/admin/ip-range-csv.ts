/**
 * Parses an IP range list: one range per line, `StartIp,EndIp,CountryCode,Region,City,Organization`
 * (the last three optional), RFC 4180 quoting, an optional header line, blank lines ignored. Any
 * invalid line rejects the whole list (the import replaces the ranges as a whole, so it is all or
 * nothing), with the first problem and its line number.
 */
import { badRequest, UpstreamError } from "../http/errors.ts";
import type { IpRangeInput } from "../store/types/admin-network.ts";
import { parseIpBlock } from "./ip-addresses.ts";

/** The keys and canonical texts of a range, or a 400 answer. */
export function rangeOf(
  start: string,
  end: string,
): Pick<IpRangeInput, "version" | "startIp" | "endIp" | "startKey" | "endKey"> {
  const first = parseIpBlock(start);
  const last = parseIpBlock(end);
  if (typeof first === "string" || typeof last === "string" || start.includes("/") || end.includes("/")) {
    throw badRequest("InvalidIpRange", "StartIp and EndIp must be single addresses.");
  }
  if (first.version !== last.version)
    throw badRequest("InvalidIpRange", "StartIp and EndIp must both be IPv4 or both IPv6.");
  if (first.startKey > last.startKey)
    throw badRequest("InvalidIpRange", "StartIp must not come after EndIp.");
  return {
    version: first.version,
    startIp: first.canonical,
    endIp: last.canonical,
    startKey: first.startKey,
    endKey: last.startKey,
  };
}

/** Most ranges one list may hold. */
export const MAX_IP_RANGES = 2_000_000;

/** The fields of one CSV line. */
export function csvFields(line: string): string[] {
  const fields: string[] = [];
  let field = "";
  let quoted = false;
  for (let index = 0; index < line.length; index += 1) {
    const char = line[index];
    if (quoted) {
      if (char === '"' && line[index + 1] === '"') {
        field += '"';
        index += 1;
      } else if (char === '"') quoted = false;
      else field += char;
    } else if (char === '"') quoted = true;
    else if (char === ",") {
      fields.push(field);
      field = "";
    } else field += char;
  }
  fields.push(field);
  return fields.map((value) => value.trim());
}

const optional = (value: string | undefined, max: number) => (value ? value.slice(0, max) : null);

/** The ranges of a list, or the reason it is refused. */
export function parseIpRangeCsv(text: string): IpRangeInput[] | string {
  const ranges: IpRangeInput[] = [];
  const lines = text.replace(/^\uFEFF/, "").split(/\r?\n/);
  for (const [index, line] of lines.entries()) {
    if (line.trim() === "") continue;
    const [start = "", end = "", country = "", region, city, organization] = csvFields(line);
    if (index === 0 && !/^[0-9a-fA-F:.]+$/.test(start)) continue; // header
    if (ranges.length >= MAX_IP_RANGES) return `The list has more than ${MAX_IP_RANGES} ranges.`;
    if (!/^[A-Z]{2}$/.test(country))
      return `Line ${index + 1}: the country code must be two capital letters.`;
    try {
      ranges.push({
        ...rangeOf(start, end),
        countryCode: country,
        region: optional(region, 100),
        city: optional(city, 100),
        organization: optional(organization, 200),
      });
    } catch (error) {
      return `Line ${index + 1}: ${error instanceof UpstreamError ? error.message : "not a valid range"}`;
    }
  }
  return ranges.length > 0 ? ranges : "The list holds no ranges.";
}
