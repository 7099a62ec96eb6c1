import { randomBytes, randomUUID } from "node:crypto";
import { mkdirSync } from "node:fs";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { unzipSync } from "fflate";
import type { Locator, Page, Route } from "playwright-core";
import { describe, expect, it } from "vitest";
import { DOCUMENT_MSG } from "../common/assets/documents.js";
import { NOTE_MSG } from "../common/assets/notes.js";
import { PASSWORD_MSG } from "../common/assets/passwords.js";
import { passwordsExportSchema } from "../common/export.js";
import {
  DESKTOP,
  TAKE_SCREENSHOTS,
  MOBILE,
  buildUser,
  expectNoAxeViolations,
  expectNoText,
  expectPath,
  expectText,
  keepForSteps,
  openPath,
  screenshot,
  settle,
  signedInPage,
} from "./fixtures.js";

/** Issue 15: the vault exported as one ZIP made in the browser, and the printable inventory. */

/** The brief's phone width for screenshots (axe runs at MOBILE, 360 px). */
const PHONE = { width: 375, height: 812 };

const SCREENSHOTS = path.join(import.meta.dirname, "..", "test-results", "screenshots");
type WidthGlobals = { document: { documentElement: { scrollWidth: number } } };
const pageWidth = (page: Page) =>
  page.evaluate(() => (globalThis as unknown as WidthGlobals).document.documentElement.scrollWidth);

type AnimationGlobals = {
  requestAnimationFrame(cb: () => void): void;
  document: { getAnimations(): { finished: Promise<unknown>; playState: string }[] };
};
/**
 * After a change of colour scheme or size: two frames (the new styles start their transitions),
 * then the colour transitions (150 ms) have ended; endless animations are not waited for.
 */
const transitionsEnded = (page: Page) =>
  page.evaluate(async () => {
    const g = globalThis as unknown as AnimationGlobals;
    await new Promise<void>((r) => g.requestAnimationFrame(() => g.requestAnimationFrame(r)));
    await Promise.all(
      g.document
        .getAnimations()
        .filter((a) => a.playState === "running" && !("animationName" in a))
        .map((a) => a.finished.catch(() => undefined)),
    );
  });

/**
 * Axe at 1280 and 360 px in light and dark, nothing wider than the screen at 360 px; screenshots at
 * 1280 and 375 px (light) of the page, or of `part` alone.
 */
async function checkScreen(page: Page, name: string, part?: Locator) {
  for (const colorScheme of ["dark", "light"] as const) {
    await page.emulateMedia({ colorScheme });
    for (const size of [DESKTOP, MOBILE]) {
      await page.setViewportSize(size);
      await transitionsEnded(page);
      await expectNoAxeViolations(page);
    }
  }
  expect(await pageWidth(page)).toBeLessThanOrEqual(MOBILE.width);
  for (const size of TAKE_SCREENSHOTS ? [DESKTOP, PHONE] : []) {
    await page.setViewportSize(size);
    await transitionsEnded(page);
    if (!part) await screenshot(page, name);
    else {
      mkdirSync(SCREENSHOTS, { recursive: true });
      await part.screenshot({ path: path.join(SCREENSHOTS, `${name}-${size.width}.png`) });
    }
  }
  await page.setViewportSize(DESKTOP);
}

/** A PDF's header, then every byte value, then random bytes: byte-identity is meaningful. */
const pdfBytes = () =>
  Buffer.concat([
    Buffer.from("%PDF-1.4\n%"),
    Buffer.from(Array.from({ length: 256 }, (_, i) => i)),
    randomBytes(4096),
  ]);

type FocusGlobals = { document: { activeElement: unknown } };
const isFocused = (locator: Locator) =>
  locator.evaluate((el) => el === (globalThis as unknown as FocusGlobals).document.activeElement);

const exportCard = (page: Page) => page.getByRole("region", { name: "Export your vault" });

describe("vault export and inventory", () => {
  describe("exports passwords, a document and a note with its attachment as a ZIP made in the browser; cancel saves nothing; the inventory prints without the sidebar, secrets only when asked", () => {
    const secret = `=pw,"${randomUUID()}"`;
    const pdf = pdfBytes();
    const attachment = Buffer.from(`Attachment ${randomUUID()}\nThe key is under the mat.\n`);
    let page: Page;

    it("a password, a document and a note with an attachment in the vault", async () => {
      const user = await buildUser({ name: "Ada Export" });
      page = keepForSteps(await signedInPage(user));

      // A password (a comma in its title, a formula-looking password), a document, a note with an attachment.
      await openPath(page, "/vault/new");
      await page.getByLabel("Title").fill("Bank, main");
      await page.getByLabel("Website").fill("https://bank.example/login");
      await page.getByLabel("Username").fill("ada@bank.example");
      await page.getByLabel("Password", { exact: true }).fill(secret);
      await page.getByRole("button", { name: "Save Password" }).click();
      await expectText(page, PASSWORD_MSG.saved);

      await openPath(page, "/documents/new");
      await page
        .getByLabel("Document file")
        .setInputFiles({ name: "Last Will.pdf", mimeType: "application/pdf", buffer: pdf });
      await page.getByText("Last Will.pdf", { exact: true }).waitFor();
      await page.getByRole("button", { name: "Upload Document" }).click();
      await expectText(page, DOCUMENT_MSG.uploaded, { timeout: 30_000 });

      await openPath(page, "/notes/new");
      await page.getByLabel("Title").fill("Letter to Sam");
      await page.getByLabel("Note", { exact: true }).fill("Dear Sam,\nsee the attachment.");
      await page
        .getByLabel("Attachment (Optional)")
        .setInputFiles({ name: "instructions.txt", mimeType: "text/plain", buffer: attachment });
      await expectText(page, NOTE_MSG.attached);
      await page.getByRole("button", { name: "Create Note" }).click();
      await expectText(page, NOTE_MSG.created);
      await expectPath(page, "/notes");
    });

    it("the profile's export card loads no export code before it is used; files held back, the progress counts the items and Cancel saves nothing", async () => {
      // The profile's card; the export code (and fflate) is not loaded before it is used.
      const scripts: string[] = [];
      page.on("request", (r) => {
        if (r.resourceType() === "script") scripts.push(new URL(r.url()).pathname);
      });
      await openPath(page, "/profile/data");
      await checkScreen(page, "export-card", exportCard(page));
      expect(scripts.filter((s) => s.includes("export-vault"))).toEqual([]);

      // Files held back: the progress shows items done of all, then Cancel saves nothing.
      let release: () => void = () => {};
      const held = new Promise<void>((resolve) => (release = resolve));
      const hold = async (route: Route) => {
        await held;
        await route.continue().catch(() => undefined); // canceled meanwhile
      };
      await page.route("**/api/assets/*/files/*", hold);
      let downloads = 0;
      page.on("download", () => downloads++);
      await exportCard(page).getByRole("button", { name: "Export vault" }).click();
      const bar = exportCard(page).getByRole("progressbar");
      await bar.waitFor();
      await expectText(exportCard(page), "Exporting your vault: 1 of 3 items");
      expect(await bar.getAttribute("aria-label")).toBe("Exporting your vault: 1 of 3 items");
      expect(await bar.getAttribute("aria-valuenow")).toBe("33");
      const cancel = exportCard(page).getByRole("button", { name: "Cancel export" });
      expect(await isFocused(cancel)).toBe(true);
      await checkScreen(page, "export-card-progress", exportCard(page));
      await cancel.click();
      await expectText(exportCard(page), "Export canceled. Nothing was saved.");
      release();
      await page.unroute("**/api/assets/*/files/*", hold);
      expect(downloads).toBe(0);
    });

    it("the export is a ZIP of every item, byte-identical, with the passwords as CSV and JSON and a README", async () => {
      // The export itself: read the ZIP as the owner would.
      const downloading = page.waitForEvent("download");
      await exportCard(page).getByRole("button", { name: "Export vault" }).click();
      const download = await downloading;
      expect(download.suggestedFilename()).toMatch(/^legacy-vault-export-\d{4}-\d{2}-\d{2}\.zip$/);
      const zip = unzipSync(new Uint8Array(await readFile((await download.path()) ?? "")));
      expect(Object.keys(zip).sort()).toEqual([
        "README.txt",
        "documents/Last Will.pdf",
        "notes/Letter to Sam.md",
        "notes/Letter to Sam/instructions.txt",
        "passwords.csv",
        "passwords.json",
      ]);
      expect(Buffer.from(zip["documents/Last Will.pdf"] ?? []).equals(pdf)).toBe(true);
      expect(
        Buffer.from(zip["notes/Letter to Sam/instructions.txt"] ?? []).equals(attachment),
      ).toBe(true);
      const text = (name: string) => Buffer.from(zip[name] ?? []).toString("utf8");
      const passwords = passwordsExportSchema.parse(JSON.parse(text("passwords.json")));
      expect(passwords.items).toEqual([
        expect.objectContaining({
          title: "Bank, main",
          username: "ada@bank.example",
          password: secret,
          url: "https://bank.example/login",
          notes: null,
          beneficiaryEmails: [],
        }),
      ]);
      expect(text("passwords.csv")).toBe(
        "name,url,username,password,note\r\n" +
          `"Bank, main",https://bank.example/login,ada@bank.example,"'${secret.replaceAll('"', '""')}",\r\n`,
      );
      expect(text("notes/Letter to Sam.md")).toContain("Dear Sam,\nsee the attachment.");
      expect(text("notes/Letter to Sam.md")).toContain(
        "[instructions.txt](<Letter to Sam/instructions.txt>)",
      );
      expect(text("README.txt")).toContain("THIS ARCHIVE IS NOT ENCRYPTED.");
      expect(text("README.txt")).toContain("Items: 1 passwords, 1 documents, 1 notes");
      await expectText(exportCard(page), `Saved as ${download.suggestedFilename()}`);
      const again = exportCard(page).getByRole("button", { name: "Export vault" });
      expect(await isFocused(again)).toBe(true);
      await checkScreen(page, "export-card-done", exportCard(page));
    });

    it("the inventory lists titles, types and dates, secrets only when asked, and prints without the sidebar or buttons", async () => {
      // The inventory: titles, types, beneficiaries and dates; no secret until asked.
      await exportCard(page)
        .getByRole("link", { name: "Print an inventory of your vault" })
        .click();
      await expectPath(page, "/profile/inventory");
      await settle(page);
      for (const title of ["Bank, main", "Last Will", "Letter to Sam"])
        await expectText(page.getByRole("main"), title, { exact: true });
      for (const heading of ["Passwords (1)", "Documents (1)", "Notes (1)"])
        await page.getByRole("heading", { name: heading, level: 2 }).waitFor();
      await expectNoText(page, secret);
      await expectNoText(page, "ada@bank.example");
      await checkScreen(page, "inventory");

      await page.getByLabel(/Include secrets/).check();
      await expectText(page.getByRole("main"), secret, { exact: true });
      await expectText(page.getByRole("main"), "ada@bank.example", { exact: true });
      await expectText(page, "This inventory shows your passwords.");
      await checkScreen(page, "inventory-secrets");

      // Printed: no sidebar (or phone top bar), no buttons or checkbox; the items stay.
      for (const size of [DESKTOP, MOBILE]) {
        await page.setViewportSize(size);
        await page.emulateMedia({ media: "print" });
        const frame = size === DESKTOP ? page.locator("#sidebar") : page.getByRole("banner");
        await frame.waitFor({ state: "hidden" });
        expect(await page.getByRole("button", { name: "Print" }).isVisible()).toBe(false);
        expect(await page.getByLabel(/Include secrets/).isVisible()).toBe(false);
        expect(await page.getByRole("link", { name: "Back to profile" }).isVisible()).toBe(false);
        expect(await page.getByText("Letter to Sam", { exact: true }).isVisible()).toBe(true);
        await page.emulateMedia({ media: "screen" });
        await frame.waitFor({ state: "visible" });
      }
      await page.setViewportSize(DESKTOP);
      await page.emulateMedia({ media: "print" });
      await screenshot(page, "inventory-print");
      await page.emulateMedia({ media: "screen" });

      // Unticked, the secrets go again.
      await page.getByLabel(/Include secrets/).uncheck();
      await expectNoText(page, secret);
    });
  });
});
