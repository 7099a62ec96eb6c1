import { readFile } from "node:fs/promises";
import { deflateSync } from "node:zlib";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { DOCUMENT_MSG } from "../common/assets/documents.js";
import {
  buildUser,
  DESKTOP,
  expectNoAxeViolations,
  expectPath,
  expectText,
  keepForSteps,
  MOBILE,
  openPath,
  screenshot,
  settle,
  signedInPage,
  useFullBrowser,
} from "./fixtures.js";
import { pdf } from "./sample-files.js";

// A PDF is viewed here, in the browser's own viewer, which the headless shell lacks.
useFullBrowser();

/** A document's screen: rename in place, replace the file keeping versions, preview (docs/decisions/049). */

const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
const crc32 = (bytes: Buffer) => {
  let c = 0xffffffff;
  for (const b of bytes) c = (crcTable[(c ^ b) & 0xff] ?? 0) ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
};
const chunk = (type: string, data: Buffer) => {
  const body = Buffer.concat([Buffer.from(type, "latin1"), data]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
};

/** A real PNG of `width` × `height` in one colour (8-bit RGB), that a browser decodes. */
function png(width: number, height: number, [r, g, b]: [number, number, number]): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const row = Buffer.concat([
    Buffer.from([0]),
    Buffer.alloc(width * 3).map((_, i) => [r, g, b][i % 3] ?? 0),
  ]);
  const pixels = Buffer.concat(Array.from({ length: height }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(pixels)),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

/** The preview image's natural width once it has loaded (0 when it did not decode). */
const previewWidth = (page: Page, fileName: string) =>
  page.getByRole("img", { name: `Preview of ${fileName}` }).evaluate(
    (el) =>
      new Promise<number>((resolve) => {
        const img = el as unknown as { complete: boolean; naturalWidth: number; onload: unknown };
        if (img.complete) resolve(img.naturalWidth);
        else img.onload = () => resolve(img.naturalWidth);
      }),
  );

/** Every request body the page sends to the API (none may hold a plaintext). */
function watchBodies(page: Page): Buffer[] {
  const bodies: Buffer[] = [];
  page.on("request", (r) => {
    const body = r.postDataBuffer();
    if (body && new URL(r.url()).pathname.startsWith("/api/")) bodies.push(body);
  });
  return bodies;
}

describe("document versions and preview", () => {
  describe("previews a PNG, renames it, replaces the file, lists two versions and downloads the first byte-identical; previews a PDF", () => {
    const first = png(48, 32, [200, 40, 40]);
    const second = png(24, 60, [30, 90, 200]);
    let page: Page;
    let bodies: ReturnType<typeof watchBodies>;

    it("uploads a PNG, previews it decrypted from a blob: URL, renames it in place", async () => {
      const user = await buildUser({ name: "Vera Versions" });
      page = keepForSteps(await signedInPage(user));
      bodies = watchBodies(page);

      // Upload a PNG document.
      await openPath(page, "/documents/new");
      await page
        .getByLabel("Document file")
        .setInputFiles({ name: "scan.png", mimeType: "image/png", buffer: first });
      await page.getByText("scan.png", { exact: true }).waitFor();
      await page.getByRole("button", { name: "Upload Document" }).click();
      await expectText(page, DOCUMENT_MSG.uploaded, { timeout: 30_000 });
      await expectPath(page, "/documents");
      await settle(page);
      await page.getByRole("link", { name: "scan", exact: true }).click();
      await page.waitForURL((url) => /^\/documents\/[0-9a-f-]{36}$/.test(url.pathname));
      await settle(page);

      // Preview: decrypted in the browser, shown from a blob: URL.
      await page.getByRole("button", { name: "Preview" }).click();
      expect(await previewWidth(page, "scan.png")).toBe(48);
      expect(
        await page.getByRole("img", { name: "Preview of scan.png" }).getAttribute("src"),
      ).toMatch(/^blob:/);
      await expectNoAxeViolations(page);

      // Rename the title and the file name in place.
      await page.getByLabel("Title").fill("Passport scan");
      await page.getByLabel("File name").fill("passport.png");
      await page.getByRole("button", { name: "Save Changes" }).click();
      await expectText(page, DOCUMENT_MSG.updated);
      await page.getByRole("heading", { level: 1, name: "Passport scan" }).waitFor();
      await expectText(page.locator("dl"), "passport.png");
    });

    it("replaces the file: two versions, the first downloads byte-identical; no plaintext left the browser", async () => {
      await page
        .getByLabel("New file")
        .setInputFiles({ name: "passport-2026.png", mimeType: "image/png", buffer: second });
      await page.getByRole("button", { name: "Replace file" }).click();
      await expectText(page, "File replaced", { timeout: 30_000 });
      await expectText(page.locator("dl"), "passport-2026.png");
      const versions = page.getByRole("list", { name: "Versions" }).getByRole("listitem");
      await expect.poll(() => versions.count()).toBe(2);
      await expectText(versions.first(), "Current");
      expect(await versions.nth(1).getByText("Current").count()).toBe(0);

      await page.getByRole("button", { name: "Preview" }).click();
      expect(await previewWidth(page, "passport-2026.png")).toBe(24);
      await settle(page);
      await expectNoAxeViolations(page);
      await screenshot(page, "document-versions-preview");

      // Download the first version: the bytes that were uploaded first.
      const [download] = await Promise.all([
        page.waitForEvent("download"),
        versions
          .nth(1)
          .getByRole("button", { name: /^Download the version of/ })
          .click(),
      ]);
      expect(download.suggestedFilename()).toMatch(/^passport-2026 \(\d{4}-\d{2}-\d{2}\)\.png$/);
      expect((await readFile((await download.path()) ?? "")).equals(first)).toBe(true);

      // No plaintext left the browser: no request body holds either PNG's header chunk.
      const ihdr = (image: Buffer) => image.subarray(8, 33);
      expect(bodies.length).toBeGreaterThan(0);
      for (const body of bodies) {
        expect(body.includes(ihdr(first))).toBe(false);
        expect(body.includes(ihdr(second))).toBe(false);
      }
    });

    it("closing the preview revokes its URL; the same screen at 375 and 360 px, light and dark", async () => {
      type Revokes = { URL: { revokeObjectURL(url: string): void }; revoked?: string[] };
      await page.evaluate(() => {
        const g = globalThis as unknown as Revokes;
        const revoke = g.URL.revokeObjectURL.bind(g.URL);
        g.revoked = [];
        g.URL.revokeObjectURL = (url) => {
          g.revoked?.push(url);
          revoke(url);
        };
      });
      const src =
        (await page
          .getByRole("img", { name: "Preview of passport-2026.png" })
          .getAttribute("src")) ?? "";
      await page.getByRole("button", { name: "Hide preview" }).click();
      expect(await page.evaluate(() => (globalThis as unknown as Revokes).revoked)).toContain(src);

      // The same screen at 375 px, preview open: the same page, narrower (no second sign-in).
      await page.setViewportSize({ width: 375, height: 812 });
      await page.getByRole("button", { name: "Preview" }).click();
      expect(await previewWidth(page, "passport-2026.png")).toBe(24);
      await settle(page);
      await expectNoAxeViolations(page);
      await screenshot(page, "document-versions-preview");
      // Dark, and at 360 px (MOBILE) too.
      await page.emulateMedia({ colorScheme: "dark" });
      await expectNoAxeViolations(page);
      await screenshot(page, "document-versions-preview-dark");
      await page.setViewportSize(MOBILE);
      await expectNoAxeViolations(page);
      await page.emulateMedia({ colorScheme: "light" });
      await page.setViewportSize(DESKTOP);
    });

    it("previews a PDF in a frame from a blob: URL, without a CSP violation", async () => {
      await page.getByRole("link", { name: "Back to documents" }).first().click();
      await expectPath(page, "/documents");
      await page.getByRole("link", { name: "Upload Document" }).first().click();
      await expectPath(page, "/documents/new");
      await settle(page);
      await page.getByLabel("Document file").setInputFiles({
        name: "letter.pdf",
        mimeType: "application/pdf",
        buffer: pdf("Letter"),
      });
      await page.getByText("letter.pdf", { exact: true }).waitFor();
      await page.getByRole("button", { name: "Upload Document" }).click();
      await expectText(page, DOCUMENT_MSG.uploaded, { timeout: 30_000 });
      await settle(page);
      await page.getByRole("link", { name: "letter", exact: true }).click();
      await settle(page);
      await page.getByRole("button", { name: "Preview" }).click();
      const frame = page.getByTitle("Preview of letter.pdf");
      await frame.waitFor();
      const src = (await frame.getAttribute("src")) ?? "";
      expect(src).toMatch(/^blob:/);
      // The frame navigates to the blob: URL and shows Chromium's PDF viewer, with which the
      // network never goes idle: no settle() here.
      await expect.poll(() => page.frames().some((f) => f.url() === src)).toBe(true);
      await page.getByRole("button", { name: "Hide preview" }).waitFor();
      await expectNoAxeViolations(page);
      await screenshot(page, "document-pdf-preview");
      // e2e/setup.ts fails the test on any console error, a CSP report among them.
    });
  });
});
