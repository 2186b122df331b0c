/**
 * A minimal PNG encoder (8-bit RGBA, no filtering) with node:zlib, for the generated demo logos.
 * Real logos are uploaded images; this only draws simple marks.
 */
import { crc32, deflateSync } from "node:zlib";

/** An RGBA colour. */
export type Rgba = readonly [number, number, number, number];

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typeAndData = Buffer.concat([Buffer.from(type, "ascii"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typeAndData) >>> 0);
  return Buffer.concat([length, typeAndData, crc]);
}

/** Encodes a picture given by a pixel function. */
export function encodePng(width: number, height: number, pixel: (x: number, y: number) => Rgba): Buffer {
  const raw = Buffer.alloc((width * 4 + 1) * height);
  for (let y = 0; y < height; y++) {
    const row = y * (width * 4 + 1);
    raw[row] = 0; // filter: none
    for (let x = 0; x < width; x++) {
      const [r, g, b, a] = pixel(x, y);
      raw.set([r, g, b, a], row + 1 + x * 4);
    }
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 6, 0, 0, 0], 8); // 8 bits, RGBA, deflate, no filter, no interlace
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(raw)),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

/** A logo mark: a rounded tile in `color` with a light tessera grid (2×2 squares) inside. */
export function drawLogoMark(width: number, height: number, color: Rgba): Buffer {
  const radius = Math.min(width, height) / 5;
  const transparent: Rgba = [0, 0, 0, 0];
  const light: Rgba = [255, 255, 255, 230];
  return encodePng(width, height, (x, y) => {
    const cx = Math.min(Math.max(x, radius), width - radius);
    const cy = Math.min(Math.max(y, radius), height - radius);
    if ((x - cx) ** 2 + (y - cy) ** 2 > radius ** 2) return transparent;
    const size = Math.min(width, height);
    const left = (width - size * 0.5) / 2;
    const top = (height - size * 0.5) / 2;
    const u = (x - left) / (size * 0.5);
    const v = (y - top) / (size * 0.5);
    const inGrid = u >= 0 && u < 1 && v >= 0 && v < 1;
    const inGap = Math.abs(u - 0.5) < 0.06 || Math.abs(v - 0.5) < 0.06;
    return inGrid && !inGap ? light : color;
  });
}
