/** Image types accepted for logos, recognised by their first bytes (never by name or header). */
const SIGNATURES: { type: string; ext: string; test: (b: Buffer) => boolean }[] = [
  {
    type: "image/png",
    ext: "png",
    test: (b) =>
      b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])),
  },
  { type: "image/jpeg", ext: "jpg", test: (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff },
  {
    type: "image/gif",
    ext: "gif",
    test: (b) =>
      b.subarray(0, 6).toString("latin1") === "GIF87a" ||
      b.subarray(0, 6).toString("latin1") === "GIF89a",
  },
  {
    type: "image/webp",
    ext: "webp",
    test: (b) =>
      b.subarray(0, 4).toString("latin1") === "RIFF" &&
      b.subarray(8, 12).toString("latin1") === "WEBP",
  },
];

/** The raster image type of `bytes`, or null (SVG and everything else are refused). */
export function sniffImage(bytes: Buffer): { type: string; ext: string } | null {
  const match = SIGNATURES.find((s) => s.test(bytes));
  return match ? { type: match.type, ext: match.ext } : null;
}
