import { describe, expect, it } from "vitest";
import { versionFileName } from "./version-file-name";

describe("versionFileName", () => {
  const createdAt = "2026-11-20T12:00:00.000Z";
  it("names an earlier version after the current name, its day and its own type", () => {
    expect(versionFileName("Will 2024.final.pdf", { contentType: "image/png", createdAt })).toBe(
      "Will 2024.final (2026-11-20).png",
    );
  });
  it("falls back to 'document' for a name that is only an extension", () => {
    expect(versionFileName(".pdf", { contentType: "application/pdf", createdAt })).toBe(
      "document (2026-11-20).pdf",
    );
  });
});
