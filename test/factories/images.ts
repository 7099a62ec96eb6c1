import { deflateSync } from "node:zlib";

/** Small image files built byte by byte, for the upload checks (server/storage/image-structure.ts). */

/** CRC-32 written again here (a cross-check of the server's). */
function crc32(data: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of data) {
    crc ^= byte;
    for (let k = 0; k < 8; k++) crc = crc & 1 ? 0xedb88320 ^ (crc >>> 1) : crc >>> 1;
  }
  return (crc ^ 0xffffffff) >>> 0;
}

export function pngChunk(type: string, data: Buffer): Buffer {
  const body = Buffer.concat([Buffer.from(type, "latin1"), data]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A valid 8-bit RGB PNG of one colour. */
export function buildPng(width = 32, height = 18): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(width * 3, 0x3a)]);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk("IHDR", header),
    pngChunk("IDAT", deflateSync(Buffer.concat(Array.from({ length: height }, () => row)))),
    pngChunk("IEND", Buffer.alloc(0)),
  ]);
}

/** A baseline JPEG's markers (SOI, SOF0 with its size, SOS, scan bytes, EOI). */
export function buildJpeg(width = 16, height = 9): Buffer {
  const sof = Buffer.from([0xff, 0xc0, 0, 11, 8, 0, 0, 0, 0, 1, 1, 0x11, 0]);
  sof.writeUInt16BE(height, 5);
  sof.writeUInt16BE(width, 7);
  const sos = Buffer.from([0xff, 0xda, 0, 8, 1, 1, 0, 0, 63, 0]);
  return Buffer.concat([
    Buffer.from([0xff, 0xd8]),
    sof,
    sos,
    Buffer.from([0x12, 0x34, 0x56]),
    Buffer.from([0xff, 0xd9]),
  ]);
}

/** A 1×1 GIF89a with a two-colour table. */
export function buildGif(): Buffer {
  return Buffer.from(
    "47494638396101000100800000000000ffffff21f90401000000002c00000000010001000002024401003b",
    "hex",
  );
}

/** A lossless (VP8L) WebP header for a width × height image. */
export function buildWebp(width = 16, height = 9): Buffer {
  const vp8l = Buffer.alloc(5);
  vp8l[0] = 0x2f;
  vp8l.writeUInt32LE(((width - 1) & 0x3fff) | (((height - 1) & 0x3fff) << 14), 1);
  const chunk = Buffer.concat([
    Buffer.from("VP8L"),
    Buffer.from([5, 0, 0, 0]),
    vp8l,
    Buffer.alloc(1),
  ]);
  const riff = Buffer.alloc(8);
  riff.write("RIFF", 0, "latin1");
  riff.writeUInt32LE(4 + chunk.length, 4);
  return Buffer.concat([riff, Buffer.from("WEBP"), chunk]);
}
