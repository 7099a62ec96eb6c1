import { inflateSync } from "node:zlib";

/**
 * Whether the bytes of an image (its type already recognised by sniffImage) can really be read:
 * a structural decode of the whole file, so that a truncated or corrupt upload is refused instead
 * of showing as a broken image. PNG: every chunk's CRC, a sane IHDR, the IDAT stream inflating to
 * exactly the pixel rows it declares, IEND. JPEG: SOI, a frame header (SOF) with its dimensions
 * before the scan, EOI. GIF: the screen descriptor, every block to the trailer. WebP: the RIFF
 * size, and the VP8/VP8L/VP8X header with its dimensions.
 */
export function isReadableImage(bytes: Buffer, type: string): boolean {
  try {
    if (type === "image/png") return isReadablePng(bytes);
    if (type === "image/jpeg") return isReadableJpeg(bytes);
    if (type === "image/gif") return isReadableGif(bytes);
    if (type === "image/webp") return isReadableWebp(bytes);
  } catch {
    // A read past the end (RangeError) or a stream that does not inflate: not readable.
  }
  return false;
}

/** Largest width or height accepted (a logo, not a poster). */
const MAX_SIDE = 10_000;
/** Largest inflated PNG pixel data: a logo's pixels, never a decompression bomb's. */
const MAX_PIXEL_BYTES = 64 * 1024 * 1024;

const saneSize = (width: number, height: number) =>
  width >= 1 && height >= 1 && width <= MAX_SIDE && height <= MAX_SIDE;

let crcTable: Uint32Array | undefined;
/** CRC-32 (ISO 3309, as PNG uses it); zlib.crc32 is Node 22+. */
export function crc32(data: Uint8Array): number {
  crcTable ??= Uint32Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  let crc = 0xffffffff;
  for (const byte of data) crc = (crcTable[(crc ^ byte) & 0xff] ?? 0) ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

/** Bits per pixel by PNG colour type, for each allowed bit depth. */
const PNG_CHANNELS: Record<number, { channels: number; depths: number[] }> = {
  0: { channels: 1, depths: [1, 2, 4, 8, 16] },
  2: { channels: 3, depths: [8, 16] },
  3: { channels: 1, depths: [1, 2, 4, 8] },
  4: { channels: 2, depths: [8, 16] },
  6: { channels: 4, depths: [8, 16] },
};

/** Bytes of filtered pixel rows for a width × height pass (a filter byte per row). */
const rowBytes = (width: number, height: number, bitsPerPixel: number) =>
  width === 0 || height === 0 ? 0 : height * (1 + Math.ceil((width * bitsPerPixel) / 8));

/** Adam7's seven passes: start and step in x and y. */
const ADAM7 = [
  [0, 8, 0, 8],
  [4, 8, 0, 8],
  [0, 4, 4, 8],
  [2, 4, 0, 4],
  [0, 2, 2, 4],
  [1, 2, 0, 2],
  [0, 1, 1, 2],
] as const;

function isReadablePng(b: Buffer): boolean {
  let at = 8;
  let header:
    | { width: number; height: number; bits: number; interlaced: boolean; indexed: boolean }
    | undefined;
  let hasPalette = false;
  const data: Buffer[] = [];
  let isEnded = false;
  while (!isEnded) {
    if (at + 12 > b.length) return false;
    const length = b.readUInt32BE(at);
    const type = b.toString("latin1", at + 4, at + 8);
    if (length > b.length - at - 12) return false;
    const body = b.subarray(at + 4, at + 8 + length);
    if (crc32(body) !== b.readUInt32BE(at + 8 + length)) return false;
    const chunk = body.subarray(4);
    if (!header && type !== "IHDR") return false;
    if (type === "IHDR") {
      if (header || length !== 13) return false;
      const width = chunk.readUInt32BE(0);
      const height = chunk.readUInt32BE(4);
      const [depth = 0, colour = -1, compression, filter, interlace = -1] = chunk.subarray(8);
      const kind = PNG_CHANNELS[colour];
      if (!saneSize(width, height) || !kind?.depths.includes(depth)) return false;
      if (compression !== 0 || filter !== 0 || interlace > 1) return false;
      header = {
        width,
        height,
        bits: depth * kind.channels,
        interlaced: interlace === 1,
        indexed: colour === 3,
      };
    } else if (type === "PLTE") hasPalette = true;
    else if (type === "IDAT") data.push(chunk);
    else if (type === "IEND") isEnded = true;
    at += 12 + length;
  }
  if (!header || data.length === 0 || (header.indexed && !hasPalette)) return false;
  const { width, height, bits } = header;
  const expected = header.interlaced
    ? ADAM7.reduce(
        (sum, [x0, dx, y0, dy]) =>
          sum + rowBytes(Math.ceil((width - x0) / dx), Math.ceil((height - y0) / dy), bits),
        0,
      )
    : rowBytes(width, height, bits);
  if (expected > MAX_PIXEL_BYTES) return false;
  // Inflating more than the rows need throws (maxOutputLength): a bomb stops there.
  const pixels = inflateSync(Buffer.concat(data), { maxOutputLength: expected + 1 });
  return pixels.length === expected;
}

const JPEG_SOF = new Set([
  0xc0, 0xc1, 0xc2, 0xc3, 0xc5, 0xc6, 0xc7, 0xc9, 0xca, 0xcb, 0xcd, 0xce, 0xcf,
]);

function isReadableJpeg(b: Buffer): boolean {
  if (b[0] !== 0xff || b[1] !== 0xd8) return false;
  let at = 2;
  let hasFrame = false;
  for (;;) {
    if (at + 4 > b.length || b[at] !== 0xff) return false;
    const marker = b[at + 1] ?? 0;
    if (marker === 0xff) {
      at += 1; // fill byte
      continue;
    }
    const length = b.readUInt16BE(at + 2);
    if (length < 2 || at + 2 + length > b.length) return false;
    if (JPEG_SOF.has(marker)) {
      if (length < 8) return false;
      const height = b.readUInt16BE(at + 5);
      const width = b.readUInt16BE(at + 7);
      const components = b[at + 9] ?? 0;
      if (!saneSize(width, height) || components < 1 || length !== 8 + 3 * components) return false;
      hasFrame = true;
    }
    if (marker === 0xda) break; // start of scan: entropy-coded data follows
    if (marker === 0xd9) return false; // EOI before any scan
    at += 2 + length;
  }
  // The image ends with EOI (anything after it, such as padding, is ignored by decoders).
  return hasFrame && b.lastIndexOf(Buffer.from([0xff, 0xd9])) > at;
}

function isReadableGif(b: Buffer): boolean {
  const width = b.readUInt16LE(6);
  const height = b.readUInt16LE(8);
  if (!saneSize(width, height)) return false;
  const flags = b[10] ?? 0;
  let at = 13 + (flags & 0x80 ? 3 * 2 ** ((flags & 7) + 1) : 0);
  /** Skips data sub-blocks up to their terminator; the position after it. */
  const skipSubBlocks = (from: number) => {
    let p = from;
    for (let size = b[p]; size !== 0; size = b[p]) {
      if (size === undefined) throw new RangeError("cut off");
      p += 1 + size;
    }
    return p + 1;
  };
  let images = 0;
  for (;;) {
    const block = b[at];
    if (block === 0x3b) return images > 0; // trailer
    if (block === 0x21) at = skipSubBlocks(at + 2);
    else if (block === 0x2c) {
      if (at + 10 > b.length) return false;
      const local = b[at + 9] ?? 0;
      at += 10 + (local & 0x80 ? 3 * 2 ** ((local & 7) + 1) : 0);
      at = skipSubBlocks(at + 1); // after the LZW minimum code size
      images++;
    } else return false;
  }
}

function isReadableWebp(b: Buffer): boolean {
  if (b.readUInt32LE(4) + 8 !== b.length) return false; // cut off, or more than the RIFF holds
  const kind = b.toString("latin1", 12, 16);
  const size = b.readUInt32LE(16);
  if (20 + size > b.length) return false;
  const c = b.subarray(20, 20 + size);
  if (kind === "VP8 ") {
    if (c[3] !== 0x9d || c[4] !== 0x01 || c[5] !== 0x2a) return false;
    return saneSize(c.readUInt16LE(6) & 0x3fff, c.readUInt16LE(8) & 0x3fff);
  }
  if (kind === "VP8L") {
    if (c[0] !== 0x2f) return false;
    const bits = c.readUInt32LE(1);
    return saneSize((bits & 0x3fff) + 1, ((bits >>> 14) & 0x3fff) + 1);
  }
  if (kind === "VP8X") return saneSize(c.readUIntLE(4, 3) + 1, c.readUIntLE(7, 3) + 1);
  return false;
}
