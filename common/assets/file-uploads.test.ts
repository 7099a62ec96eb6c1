import { describe, expect, it } from "vitest";
import { GCM_OVERHEAD_BYTES } from "../ciphertext.js";
import {
  chunkedCiphertextBytes,
  FILE_CHUNK_PLAIN_BYTES,
  plaintextBytesOf,
} from "./file-uploads.js";

const MIB4 = 4 * 1024 * 1024;

describe("plaintextBytesOf", () => {
  it("takes one IV and tag off a single-body file", () => {
    expect(plaintextBytesOf({ size: 1000 + 28, isChunked: false })).toBe(1000);
    expect(plaintextBytesOf({ size: 3 * MIB4 + 28, isChunked: false })).toBe(3 * MIB4);
  });

  it("takes one IV and tag off per chunk of a chunked file", () => {
    expect(FILE_CHUNK_PLAIN_BYTES).toBe(MIB4);
    expect(GCM_OVERHEAD_BYTES).toBe(28);
    // one chunk
    expect(plaintextBytesOf({ size: 1_028, isChunked: true })).toBe(1_000);
    expect(plaintextBytesOf({ size: 1 + 28, isChunked: true })).toBe(1);
    // exactly 4 MiB: still one chunk
    expect(plaintextBytesOf({ size: 4_194_332, isChunked: true })).toBe(4_194_304);
    // 4 MiB + 1: two chunks, the second of 1 byte
    expect(plaintextBytesOf({ size: 4_194_361, isChunked: true })).toBe(4_194_305);
    // three chunks: 8 MiB + 5 bytes
    expect(plaintextBytesOf({ size: 8_388_697, isChunked: true })).toBe(8_388_613);
    // exactly three full chunks
    expect(plaintextBytesOf({ size: 12_582_996, isChunked: true })).toBe(12_582_912);
  });

  it("inverts the ciphertext's size of every chunk count up to 2 GB", () => {
    for (const size of [1, MIB4 - 1, MIB4, MIB4 + 1, 2 * MIB4 + 7, 2_000_000_000])
      expect(plaintextBytesOf({ size: chunkedCiphertextBytes(size), isChunked: true })).toBe(size);
  });
});
