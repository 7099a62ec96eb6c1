import { chooseBeneficiaries } from "./beneficiary-picker.js";
import { randomUUID } from "node:crypto";
import { readFile } from "node:fs/promises";
import type { Download, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { ASSET_MSG } from "../common/assets.js";
import { FILE_MSG } from "../common/assets/files.js";
import { DOCUMENT_MSG } from "../common/assets/documents.js";
import { NOTE_MSG } from "../common/assets/notes.js";
import {
  appUrl,
  buildUser,
  DESKTOP,
  expectNoAxeViolations,
  expectPath,
  expectText,
  MOBILE,
  pageWidth,
  screenshot,
  settle,
  keepForSteps,
  signedInPage,
  useFullBrowser,
} from "./fixtures.js";
import { pdf } from "./sample-files.js";

// A PDF is viewed here, in the browser's own viewer, which the headless shell lacks.
useFullBrowser();

/** Documents and notes: files encrypted in the browser, uploaded and downloaded with progress (spec 02 §2 Documents, Notes; §5; §8; §9). */

const MB = 1024 * 1024;
type StoredAsset = {
  asset: {
    id: string;
    title: string;
    encryptedData: string;
    files: { kind: string; contentType: string; size: number }[];
  };
};
type FocusGlobals = {
  document: { activeElement: unknown };
  getComputedStyle(el: unknown): { outlineStyle: string };
};
type AudioGlobals = {
  document: { querySelector(s: string): { duration: number; src: string } | null };
};

/** `size` bytes that start like a PDF (the browser checks content, then size). */
const bigPdf = (size: number) =>
  Buffer.concat([Buffer.from("%PDF-1.4\n"), Buffer.alloc(size - 9, 0x41)]);

async function open(page: Page, path: string, name?: string): Promise<void> {
  await page.goto(path);
  await settle(page);
  await expectNoAxeViolations(page);
  if (name) await screenshot(page, name);
}

/**
 * The same screen state at 360 px (MOBILE), on the same page: axe, and nothing scrolls sideways;
 * then back to 1280 px.
 */
async function atMobileWidth(page: Page, name: string): Promise<void> {
  await page.setViewportSize(MOBILE);
  await settle(page);
  await expectNoAxeViolations(page);
  await screenshot(page, name);
  expect(await pageWidth(page)).toBeLessThanOrEqual(MOBILE.width);
  await page.setViewportSize(DESKTOP);
  await settle(page);
}

/** A same-origin API call with the page's session cookie. */
async function apiAsUser(page: Page, method: "GET" | "POST", path: string, data?: unknown) {
  const res = await page.request.fetch(path, { method, data, headers: { origin: appUrl() } });
  return { status: res.status(), text: (await res.body()).toString("latin1") };
}

/** Every mutating call to /api/assets the page makes, to prove that refused files were never sent. */
function watchAssetWrites(page: Page): string[] {
  const sent: string[] = [];
  page.on("request", (r) => {
    if (new URL(r.url()).pathname.startsWith("/api/assets") && r.method() !== "GET")
      sent.push(`${r.method()} ${new URL(r.url()).pathname}`);
  });
  return sent;
}

const bytesOf = async (download: Download) => readFile((await download.path()) ?? "");
const idFromList = async (page: Page, title: string) =>
  (await page.getByRole("link", { name: title, exact: true }).getAttribute("href"))
    ?.split("/")
    .pop() ?? "";

/** On /documents/new: chooses `file`, uploads it and waits for the list; the click-to-toast time. */
async function uploadDocument(
  page: Page,
  file: { name: string; mimeType: string; buffer: Buffer },
  notes?: string,
): Promise<number> {
  await page.getByLabel("Document file").setInputFiles(file);
  await page.getByText(file.name, { exact: true }).waitFor();
  if (notes) await page.getByLabel("Notes (Optional)").fill(notes);
  const started = Date.now();
  await page.getByRole("button", { name: "Upload Document" }).click();
  await expectText(page, DOCUMENT_MSG.uploaded, { timeout: 30_000 });
  const elapsed = Date.now() - started;
  await expectPath(page, "/documents");
  await settle(page);
  return elapsed;
}

/**
 * One owner, signed in once, keeps the documents and then the notes (each story still runs alone:
 * the first to ask signs the owner in).
 */
let owner: Promise<Page> | undefined;
const ownerPage = (): Promise<Page> =>
  (owner ??= buildUser({ name: "Dora Documents" }).then(async (user) =>
    keepForSteps(await signedInPage(user)),
  ));

describe("documents", () => {
  describe("uploads a PDF encrypted and downloads it byte-identical; a 10 MB one at 360 px", () => {
    let page: Page;
    const original = pdf(`Will ${randomUUID()}`);
    const notesMarker = `Doc-notes-${randomUUID()}`;

    it("asks for a file and a title; by keyboard to the drop zone; uploads a PDF dropped on the zone", async () => {
      page = await ownerPage();
      const sent = watchAssetWrites(page);

      // The empty list's axe check is screens.e2e.ts's ("documents": the same empty state, light
      // and dark, 1280 and 360 px).
      await page.goto("/documents");
      await settle(page);
      await screenshot(page, "documents-empty");
      await expectText(page, "No documents yet");
      await page.getByRole("link", { name: "Upload Document" }).first().click();
      await expectPath(page, "/documents/new");
      await settle(page);
      await expectNoAxeViolations(page);
      await screenshot(page, "document-new");

      // Nothing chosen, no title.
      await page.getByRole("button", { name: "Upload Document" }).click();
      await expectText(
        page.getByRole("alert").filter({ hasText: FILE_MSG.selectFile }),
        FILE_MSG.selectFile,
      );
      await expectText(
        page.getByRole("alert").filter({ hasText: DOCUMENT_MSG.titleRequired }),
        DOCUMENT_MSG.titleRequired,
      );
      await expectNoAxeViolations(page);
      await screenshot(page, "document-new-errors");

      // By keyboard: Tab reaches the drop zone's input (the zone shows the focus ring).
      // The refusals of an .exe renamed .pdf (by its content) and of an 11 MB PDF (by its size),
      // before anything is sent, are document-upload-form.test.tsx's.
      const fileInput = page.getByLabel("Document file");
      await page.getByRole("link", { name: "Back to documents" }).focus();
      await page.keyboard.press("Tab");
      expect(
        await fileInput.evaluate(
          (el) => el === (globalThis as unknown as FocusGlobals).document.activeElement,
        ),
      ).toBe(true);
      expect(
        await page
          .getByTestId("file-drop-zone")
          .evaluate(
            (el) => (globalThis as unknown as FocusGlobals).getComputedStyle(el).outlineStyle,
          ),
      ).toBe("solid");
      // The focused control is the browser's own file input, which opens the chooser on Enter. Waiting for that
      // chooser in headless Chromium proved flaky under CI load, so the file is handed to the input directly.
      expect(await fileInput.evaluate((el) => (el as unknown as { type: string }).type)).toBe(
        "file",
      );
      expect(await page.getByLabel("Title").inputValue()).toBe("");
      expect(sent).toEqual([]);

      // Drag and drop works too, and the title defaults to the file name without its extension.
      await page.getByTestId("file-drop-zone").evaluate(
        (zone, bytes) => {
          const g = globalThis as unknown as {
            DataTransfer: new () => { items: { add(f: unknown): void } };
            File: new (b: unknown[], n: string, o: object) => unknown;
          };
          const transfer = new g.DataTransfer();
          transfer.items.add(
            new g.File([new Uint8Array(bytes)], "Last Will.pdf", { type: "application/pdf" }),
          );
          for (const type of ["dragover", "drop"])
            zone.dispatchEvent(
              Object.assign(new Event(type, { bubbles: true, cancelable: true }), {
                dataTransfer: transfer,
              }),
            );
        },
        [...original],
      );
      await page.getByText("Last Will.pdf", { exact: true }).waitFor();
      expect(await page.getByLabel("Title").inputValue()).toBe("Last Will");

      await page.getByLabel("Notes (Optional)").fill(notesMarker);
      await page.getByRole("button", { name: "Upload Document" }).click();
      await expectText(page, DOCUMENT_MSG.uploaded);
      await expectPath(page, "/documents");
      await settle(page);
      // The file goes up in encrypted chunks (decision 108): open the upload, one chunk, complete.
      expect(sent.map((s) => s.replace(/[0-9a-f-]{36}/g, ":id"))).toEqual([
        "POST /api/assets",
        "POST /api/assets/:id/files/document/uploads",
        "PUT /api/assets/:id/files/document/uploads/:id/chunks/0",
        "POST /api/assets/:id/files/document/uploads/:id/complete",
      ]);
      await page.getByRole("cell", { name: "PDF", exact: true }).waitFor();
      await expectNoAxeViolations(page);
      await screenshot(page, "documents");
    });

    it("at rest only ciphertext; downloaded byte-identical, viewed, searched and deleted", async () => {
      // At rest: the title in clear (by design), the notes and file name only as ciphertext; the file's size is the ciphertext's.
      const id = await idFromList(page, "Last Will");
      const stored = await apiAsUser(page, "GET", `/api/assets/${id}`);
      expect(stored.text).not.toContain(notesMarker);
      expect(stored.text).not.toContain("Last Will.pdf");
      expect((JSON.parse(stored.text) as StoredAsset).asset.files).toEqual([
        {
          kind: "document",
          contentType: "application/pdf",
          size: original.length + 28,
          isChunked: true,
        },
      ]);
      const rawFile = await page.request.get(`/api/assets/${id}/files/document`);
      expect((await rawFile.body()).includes(original.subarray(0, 64))).toBe(false);

      // Detail: metadata, download byte-identical under its original name, notes editable.
      await page.getByRole("link", { name: "Last Will", exact: true }).click();
      await expectPath(page, `/documents/${id}`);
      await settle(page);
      await expectText(page, "Last Will.pdf");
      expect(await page.getByLabel("Notes", { exact: true }).inputValue()).toBe(notesMarker);
      await expectNoAxeViolations(page);
      await screenshot(page, "document-detail");
      const [download] = await Promise.all([
        page.waitForEvent("download"),
        page.getByRole("button", { name: "Download", exact: true }).click(),
      ]);
      await expectText(page, DOCUMENT_MSG.downloadStarted);
      expect(download.suggestedFilename()).toBe("Last Will.pdf");
      expect((await bytesOf(download)).equals(original)).toBe(true);

      // View: a new tab on an object URL of the decrypted file.
      const [tab] = await Promise.all([
        page.context().waitForEvent("page"),
        page.getByRole("button", { name: /^View/ }).click(),
      ]);
      await tab
        .waitForURL((url) => url.protocol === "blob:", { timeout: 10_000 })
        .catch(() => undefined);
      expect(tab.url()).toMatch(/^blob:/);
      await tab.close();

      await page.getByLabel("Notes", { exact: true }).fill("Kept in the safe at home");
      await page.getByRole("button", { name: "Save Changes" }).click();
      await expectText(page, DOCUMENT_MSG.updated);

      // Search, then delete with a confirmation. The list is step 1's (axe-checked there).
      await page.getByRole("link", { name: "Back to documents" }).first().click();
      await expectPath(page, "/documents");
      await settle(page);
      await page.getByLabel("Search documents").fill("nothing like it");
      await expectText(page, "No documents match your search.");
      await page.getByLabel("Search documents").fill("will");
      await page.getByRole("button", { name: "Delete Last Will" }).click();
      await expectNoAxeViolations(page);
      await page.getByRole("alertdialog").getByRole("button", { name: "Delete" }).click();
      await expectText(page, DOCUMENT_MSG.deleted);
      await expectText(page, "No documents yet");
      // A missing (or someone else's) document goes back to the list with a toast:
      // routes/document-detail.test.tsx (the notes story walks it in the browser for a note).
    });

    it("at 360 px: a 10 MB document with a long name, encrypted, uploaded and downloaded intact", async () => {
      // The new-document form, the list and the document's page at 360 px, with a long file name.
      await page.setViewportSize(MOBILE);
      await page.getByRole("link", { name: "Upload Document" }).first().click();
      await expectPath(page, "/documents/new");
      await settle(page);
      await expectNoAxeViolations(page);
      await screenshot(page, "document-new");

      const big = bigPdf(10 * MB);
      const name = "Deed of the house with a rather long file name";
      const finished = (method: string) =>
        page.waitForEvent("requestfinished", {
          predicate: (r) => r.method() === method && r.url().includes("/api/assets"),
          timeout: 60_000,
        });
      const [post, put, elapsed] = await Promise.all([
        finished("POST"),
        finished("PUT"),
        uploadDocument(
          page,
          { name: `${name}.pdf`, mimeType: "application/pdf", buffer: big },
          "Original in the bank",
        ),
      ]);
      const postEnd = post.timing().startTime + post.timing().responseEnd;
      const putTiming = put.timing();
      console.log(
        `[vault-files] 10 MB document, click to success toast: ${elapsed} ms; ` +
          `read + encrypt in the browser (POST answered to PUT sent): ${Math.round(putTiming.startTime - postEnd)} ms; ` +
          `PUT of the ciphertext (upload + server stores it): ${Math.round(putTiming.responseEnd)} ms`,
      );
      await expectNoAxeViolations(page);
      await screenshot(page, "documents");
      await page.getByRole("link", { name, exact: true }).click();
      await settle(page);
      await expectNoAxeViolations(page);
      await screenshot(page, "document-detail");
      const started = Date.now();
      const [download] = await Promise.all([
        page.waitForEvent("download"),
        page.getByRole("button", { name: "Download", exact: true }).click(),
      ]);
      console.log(
        `[vault-files] 10 MB document: download + decrypt took ${Date.now() - started} ms`,
      );
      expect((await bytesOf(download)).equals(big)).toBe(true);
      // The progress bar on a slow line (role="progressbar" with aria-valuenow between 0 and 100)
      // is document-file-actions.test.tsx's.
      await page.setViewportSize(DESKTOP);
    });
  });
});

describe("notes", () => {
  describe("creates a note with text, a recording and an attachment; after a page load all three are back, decrypted; nothing in clear at rest; at 360 px too", () => {
    const heir = { name: "Sam Heir", email: `heir-${randomUUID().slice(0, 8)}@example.com` };
    const marker = `Note-marker-${randomUUID()}`;
    const attachmentText = Buffer.from(
      `Attachment-marker-${randomUUID()}\nThe key is under the mat.\n`,
    );
    let page: Page;
    let id: string;

    it("no notes yet; a note needs a title; a recording by keyboard", async () => {
      page = await ownerPage();
      expect((await apiAsUser(page, "POST", "/api/beneficiaries", heir)).status).toBe(201);

      await open(page, "/notes", "notes-empty");
      await expectText(page, "No notes yet");
      await page.getByRole("link", { name: "Create Note" }).first().click();
      await expectPath(page, "/notes/new");
      await settle(page);
      await expectNoAxeViolations(page);
      await screenshot(page, "note-new");
      await page.getByRole("button", { name: "Create Note" }).click();
      await expectText(
        page.getByRole("alert").filter({ hasText: ASSET_MSG.titleRequired }),
        ASSET_MSG.titleRequired,
      );

      await page.getByLabel("Title").fill("Letter to Sam");
      await page.getByLabel("Note", { exact: true }).fill(`Dear Sam, ${marker}`);

      // Record about 2 s from the fake microphone; the timer counts from 0.
      // By keyboard: Enter starts, the same button (keeping focus) stops; focus then lands on Delete Recording.
      await page.getByRole("button", { name: "Start Recording" }).focus();
      await page.keyboard.press("Enter");
      await expectText(page, NOTE_MSG.recordingStarted);
      // It counts from 0: the first second or so shows 0:00, then 0:01 (a loaded machine may look
      // only after the first tick), then 0:02.
      await expectText(page.getByRole("timer"), /Recording 0:0[01]$/);
      await expectText(page.getByRole("timer"), "Recording 0:02", { timeout: 5_000 });
      await expectNoAxeViolations(page);
      await screenshot(page, "note-new-recording");
      const stop = page.getByRole("button", { name: "Stop Recording" });
      expect(
        await stop.evaluate(
          (el) => el === (globalThis as unknown as FocusGlobals).document.activeElement,
        ),
      ).toBe(true);
      await page.keyboard.press("Enter");
      await expectText(page, NOTE_MSG.recordingComplete);
      const deleteRecording = page.getByRole("button", { name: "Delete Recording" });
      await deleteRecording.waitFor();
      expect(
        await deleteRecording.evaluate(
          (el) => el === (globalThis as unknown as FocusGlobals).document.activeElement,
        ),
      ).toBe(true);
    });

    it("a text file attached; the note is created for a beneficiary; the form and the list at 360 px too", async () => {
      // Refusals by content (an .exe renamed .png) and by size (5 MB + 1), and a PDF taken, are
      // attachment-field.test.tsx's.
      const attach = page.getByLabel("Attachment (Optional)");
      await attach.setInputFiles({
        name: "instructions.txt",
        mimeType: "text/plain",
        buffer: attachmentText,
      });
      await expectText(page, NOTE_MSG.attached);
      await chooseBeneficiaries(page, [heir.email]);
      await expectNoAxeViolations(page);
      await screenshot(page, "note-new-filled");
      await atMobileWidth(page, "note-new");

      await page.getByRole("button", { name: "Create Note" }).click();
      await expectText(page, NOTE_MSG.created);
      await expectPath(page, "/notes");
      await settle(page);
      await expectText(page, `Assigned to ${heir.name}`); // lists name people compactly (decision 053)
      await expectNoAxeViolations(page);
      await screenshot(page, "notes");
      await atMobileWidth(page, "notes");
      await page.getByRole("tab", { name: /^Assigned/ }).click();
      await page.getByRole("tabpanel").getByRole("link", { name: "Letter to Sam" }).waitFor();
      await page.getByLabel("Search notes").fill("nope");
      await expectText(page, "No assigned notes match your search.");
      await page.getByLabel("Search notes").fill("");
    });

    it("at rest neither the text nor the attachment's content in clear; after a page load all three are back", async () => {
      id = await idFromList(page, "Letter to Sam");
      const stored = await apiAsUser(page, "GET", `/api/assets/${id}`);
      expect(stored.status).toBe(200);
      expect(stored.text).not.toContain(marker);
      expect(stored.text).not.toContain("instructions.txt");
      expect((await apiAsUser(page, "GET", "/api/assets")).text).not.toContain(marker);
      const rawAttachment = await page.request.get(`/api/assets/${id}/files/attachment`);
      expect((await rawAttachment.body()).toString("latin1")).not.toContain("Attachment-marker");
      const files = (JSON.parse(stored.text) as StoredAsset).asset.files.map((f) => f.kind);
      expect(files).toEqual(["attachment", "recording"]);

      // After a page load (nothing of the app's memory is left; it keeps no cache elsewhere): the
      // text, a playable recording with a real duration, and the attachment to download.
      await page.goto(`/notes/${id}`);
      await settle(page);
      // The reading view (issue 16, point 4): the text as a letter, the recording and the attachment below.
      expect(await page.getByTestId("note-text").textContent()).toBe(`Dear Sam, ${marker}`);
      await page.waitForFunction(() => {
        const audio = (globalThis as unknown as AudioGlobals).document.querySelector("audio");
        return (
          !!audio &&
          audio.src.startsWith("blob:") &&
          Number.isFinite(audio.duration) &&
          audio.duration > 0
        );
      });
      await expectText(page, "instructions.txt");
      await expectNoAxeViolations(page);
      await screenshot(page, "note-detail");
      // At 360 px nothing scrolls sideways.
      await atMobileWidth(page, "note-detail");
      const [download] = await Promise.all([
        page.waitForEvent("download"),
        page.getByRole("button", { name: "Download instructions.txt" }).click(),
      ]);
      expect((await bytesOf(download)).equals(attachmentText)).toBe(true);
    });

    it("edit drops the recording and changes the text; the recording file is gone; delete", async () => {
      await page.getByRole("link", { name: "Edit", exact: true }).click();
      await page.waitForURL((url) => url.searchParams.get("mode") === "edit");
      expect(await page.getByLabel("Note", { exact: true }).inputValue()).toBe(
        `Dear Sam, ${marker}`,
      );
      await page.getByRole("button", { name: "Delete Recording" }).click();
      await page.getByRole("button", { name: "Start Recording" }).waitFor();
      await page.getByLabel("Note", { exact: true }).fill("Dear Sam, see the attachment.");
      await page.getByRole("button", { name: "Save Changes" }).click();
      await expectText(page, NOTE_MSG.updated);
      await expectPath(page, "/notes");
      const after = JSON.parse(
        (await apiAsUser(page, "GET", `/api/assets/${id}`)).text,
      ) as StoredAsset;
      expect(after.asset.files.map((f) => f.kind)).toEqual(["attachment"]);

      await page.getByRole("button", { name: "Delete Letter to Sam" }).first().click();
      await page.getByRole("alertdialog").getByRole("button", { name: "Delete" }).click();
      await expectText(page, NOTE_MSG.deleted);
      await page.goto(`/notes/${id}`);
      await expectPath(page, "/notes");
      await expectText(page, NOTE_MSG.notFound);
    });
  });
});
