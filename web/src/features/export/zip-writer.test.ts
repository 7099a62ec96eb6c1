import { unzipSync } from "fflate";
import { describe, expect, it } from "vitest";
import { createZipWriter, isCompressible } from "./zip-writer";

describe("createZipWriter", () => {
  it("writes files that unzip byte-identical, their UTF-8 names kept", async () => {
    const zip = createZipWriter();
    const binary = new Uint8Array([0, 255, 1, 254, 37, 80, 68, 70]);
    const text = new TextEncoder().encode("Zoë ".repeat(1000));
    zip.add("documents/will.pdf", binary, {
      mtime: "2026-02-01T10:00:00.000Z",
      contentType: "application/pdf",
    });
    zip.add("notes/Brief an Zoë.md", text, {
      mtime: "2026-02-01T10:00:00.000Z",
      contentType: "text/markdown",
    });
    const blob = zip.finish();
    expect(blob.type).toBe("application/zip");
    const bytes = new Uint8Array(await blob.arrayBuffer());
    const files = unzipSync(bytes);
    expect(Object.keys(files)).toEqual(["documents/will.pdf", "notes/Brief an Zoë.md"]);
    expect(files["documents/will.pdf"]).toEqual(binary);
    expect(files["notes/Brief an Zoë.md"]).toEqual(text);
    // The repeated text was deflated: the archive is smaller than its content.
    expect(bytes.length).toBeLessThan(text.length);
  });

  it("compresses text and old Office files, not PDFs, images or recordings", () => {
    expect(isCompressible("text/plain")).toBe(true);
    expect(isCompressible("application/msword")).toBe(true);
    expect(isCompressible("application/pdf")).toBe(false);
    expect(isCompressible("image/png")).toBe(false);
    expect(isCompressible("audio/webm")).toBe(false);
  });
});
