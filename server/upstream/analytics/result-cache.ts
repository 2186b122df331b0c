/**
 * Results of queries by (account, source, source version, canonical query), least recently used out
 * first beyond a byte budget. A source's version changes with its data (source-plan.ts), so an entry
 * is never stale: an import only makes it unreachable — and `dropTable` frees at once the entries of
 * every source that read the table.
 */

/** One cached result and what it weighs. */
interface Entry<T> {
  value: T;
  bytes: number;
  /** `${accountId}:${tableId}` of every data table the result read. */
  tables: readonly string[];
}

export class ResultCache<T> {
  private readonly entries = new Map<string, Entry<T>>();
  private bytes = 0;

  constructor(private readonly maxBytes: number) {}

  /** The entry, now the most recently used. */
  get(key: string): T | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry.value;
  }

  /** Keeps a result (one larger than the whole budget is not kept). */
  set(key: string, value: T, bytes: number, tables: readonly string[]): void {
    this.delete(key);
    if (bytes > this.maxBytes) return;
    this.entries.set(key, { value, bytes, tables });
    this.bytes += bytes;
    for (const [oldest, entry] of this.entries) {
      if (this.bytes <= this.maxBytes) break;
      this.entries.delete(oldest);
      this.bytes -= entry.bytes;
    }
  }

  /** Drops the results that read the table. */
  dropTable(accountId: number, tableId: number): void {
    const table = `${accountId}:${tableId}`;
    for (const [key, entry] of this.entries) if (entry.tables.includes(table)) this.delete(key);
  }

  private delete(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.bytes -= entry.bytes;
  }

  /** Bytes held. */
  get size(): number {
    return this.bytes;
  }
}

/** JSON with object keys in sorted order: equal descriptions give equal keys, whatever their key order. */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== "object") return JSON.stringify(value) ?? "null";
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(",")}]`;
  const keys = Object.keys(value).sort();
  return `{${keys
    .filter((key) => (value as Record<string, unknown>)[key] !== undefined)
    .map((key) => `${JSON.stringify(key)}:${canonicalJson((value as Record<string, unknown>)[key])}`)
    .join(",")}}`;
}
