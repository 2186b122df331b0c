/**
 * A small ZIP reader and writer (PKWARE APPNOTE 6.3: end of central directory, central directory,
 * local headers; methods 0 stored and 8 deflate) with node:zlib, for package archives
 * (/admin/packagemanager) and zipped IP range lists (/admin/ipdatabaseupdates). No ZIP64, no
 * encryption, no multi-disk archives: those are refused. Sizes are checked before inflating, and
 * the inflated size is capped, so a "zip bomb" cannot exhaust memory.
 */
import { crc32, deflateRawSync, inflateRawSync } from "node:zlib";

/** One file of an archive. */
export interface ZipEntry {
  name: string;
  data: Buffer;
}

const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;
/** Entries carry no meaningful time; the earliest DOS date keeps archives reproducible. */
const DOS_DATE_1980_01_01 = 0x0021;

/** Reads every file entry (folders skipped); throws an Error with a readable message when invalid. */
export function readZip(archive: Buffer, maxTotalBytes: number): ZipEntry[] {
  let eocd = -1;
  for (let at = archive.length - 22; at >= Math.max(0, archive.length - 22 - 65_535); at -= 1) {
    if (archive.readUInt32LE(at) === EOCD) {
      eocd = at;
      break;
    }
  }
  if (eocd < 0) throw new Error("not a ZIP archive");
  const count = archive.readUInt16LE(eocd + 10);
  let at = archive.readUInt32LE(eocd + 16);
  const entries: ZipEntry[] = [];
  let total = 0;
  for (let index = 0; index < count; index += 1) {
    if (at + 46 > archive.length || archive.readUInt32LE(at) !== CENTRAL)
      throw new Error("damaged central directory");
    const flags = archive.readUInt16LE(at + 8);
    const method = archive.readUInt16LE(at + 10);
    const expectedCrc = archive.readUInt32LE(at + 16);
    const compressed = archive.readUInt32LE(at + 20);
    const size = archive.readUInt32LE(at + 24);
    const nameLength = archive.readUInt16LE(at + 28);
    const extraLength = archive.readUInt16LE(at + 30);
    const commentLength = archive.readUInt16LE(at + 32);
    const localAt = archive.readUInt32LE(at + 42);
    const name = archive.subarray(at + 46, at + 46 + nameLength).toString("utf8");
    at += 46 + nameLength + extraLength + commentLength;
    if (name.endsWith("/")) continue;
    if (flags & 1) throw new Error("encrypted entries are not supported");
    if (compressed === 0xffffffff || size === 0xffffffff) throw new Error("ZIP64 archives are not supported");
    total += size;
    if (total > maxTotalBytes) throw new Error("the archive unpacks to more than allowed");
    if (localAt + 30 > archive.length || archive.readUInt32LE(localAt) !== LOCAL)
      throw new Error("damaged entry");
    const dataAt = localAt + 30 + archive.readUInt16LE(localAt + 26) + archive.readUInt16LE(localAt + 28);
    const raw = archive.subarray(dataAt, dataAt + compressed);
    if (raw.length !== compressed) throw new Error("truncated entry");
    let data: Buffer;
    if (method === 0) data = Buffer.from(raw);
    else if (method === 8) data = inflateRawSync(raw, { maxOutputLength: Math.max(size, 1) });
    else throw new Error(`compression method ${method} is not supported`);
    if (data.length !== size || crc32(data) !== expectedCrc) {
      throw new Error(`entry ${name} is damaged`);
    }
    entries.push({ name, data });
  }
  return entries;
}

/** Writes entries as a deflated ZIP archive. */
export function writeZip(entries: readonly ZipEntry[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name, "utf8");
    const packed = deflateRawSync(entry.data);
    const crc = crc32(entry.data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(LOCAL, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x0800, 6);
    local.writeUInt16LE(8, 8);
    local.writeUInt16LE(DOS_DATE_1980_01_01, 12);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(packed.length, 18);
    local.writeUInt32LE(entry.data.length, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(CENTRAL, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x0800, 8);
    central.writeUInt16LE(8, 10);
    central.writeUInt16LE(DOS_DATE_1980_01_01, 14);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(packed.length, 20);
    central.writeUInt32LE(entry.data.length, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, packed);
    centrals.push(central, name);
    offset += local.length + name.length + packed.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(EOCD, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}
