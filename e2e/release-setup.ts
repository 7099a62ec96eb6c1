import { chooseBeneficiaries } from "./beneficiary-picker.js";
import { readFile } from "node:fs/promises";
import type { Download, Locator, Page } from "playwright-core";
import { expect } from "vitest";
import { DOCUMENT_MSG } from "../common/assets/documents.js";
import { NOTE_MSG } from "../common/assets/notes.js";
import { PASSWORD_MSG } from "../common/assets/passwords.js";
import { LEGACY_MSG } from "../common/legacy.js";
import type { ReleasePlanView } from "../common/release.js";
import {
  advanceReleaseClock,
  apiAsUser,
  appUrl,
  codeFrom,
  expectNoAxeViolations,
  expectPath,
  expectText,
  latestMailTo,
  linkFrom,
  newPage,
  openPath,
  settle,
  type Mail,
} from "./fixtures.js";

/** Set-up for the release journeys (e2e/release.e2e.ts, e2e/access-key-release.e2e.ts): the owner's items and keys, the beneficiary's portal. */

export const DAY = 24 * 60 * 60 * 1000;

// ---- The owner -----------------------------------------------------------------------------

export async function addBeneficiary(page: Page, name: string, email: string): Promise<void> {
  const res = await apiAsUser(page, "POST", "/api/beneficiaries", { name, email });
  expect(res.status).toBe(201);
}

export async function addPassword(
  page: Page,
  title: string,
  password: string,
  /** The beneficiary's e-mail, or null to leave the item to nobody. */
  beneficiary: string | null,
): Promise<void> {
  await openPath(page, "/vault/new");
  await page.getByLabel("Title").fill(title);
  await page.getByLabel("Username").fill("olga");
  await page.getByLabel("Password", { exact: true }).fill(password);
  await chooseBeneficiaries(page, beneficiary === null ? [] : [beneficiary]);
  await page.getByRole("button", { name: "Save Password" }).click();
  await expectText(page, PASSWORD_MSG.saved);
  await page.waitForURL((url) => /^\/vault\/[0-9a-f-]{36}$/.test(url.pathname));
}

/** Each password, opened from /vault by its title, shows its secret (the import journeys' last step). */
export async function expectPasswordsInVault(
  page: Page,
  secrets: Record<string, string>,
): Promise<void> {
  for (const [title, secret] of Object.entries(secrets)) {
    await openPath(page, "/vault");
    await page.getByRole("link", { name: title, exact: true }).click();
    await page.waitForURL(/\/vault\/[0-9a-f-]{36}$/);
    await settle(page);
    await page.getByRole("button", { name: "Show password" }).click();
    await expectText(page, secret, { exact: true });
  }
}

export type TestFile = { name: string; mimeType: string; buffer: Buffer };

export async function addDocument(page: Page, file: TestFile, beneficiary: string): Promise<void> {
  await openPath(page, "/documents/new");
  await page.getByLabel("Document file").setInputFiles(file);
  await page.getByText(file.name, { exact: true }).waitFor();
  await chooseBeneficiaries(page, [beneficiary]);
  await page.getByRole("button", { name: "Upload Document" }).click();
  await expectText(page, DOCUMENT_MSG.uploaded, { timeout: 30_000 });
  await expectPath(page, "/documents");
}

/** A note with its text, about 1 s recorded from Chromium's fake microphone, and an attachment. */
export async function addNote(
  page: Page,
  note: { title: string; text: string; attachment: TestFile },
  beneficiary: string,
): Promise<void> {
  await openPath(page, "/notes/new");
  await page.getByLabel("Title").fill(note.title);
  await page.getByLabel("Note", { exact: true }).fill(note.text);
  await page.getByRole("button", { name: "Start Recording" }).click();
  await expectText(page.getByRole("timer"), "Recording 0:01", { timeout: 5_000 });
  await page.getByRole("button", { name: /^Stop Recording/ }).click();
  await expectText(page, NOTE_MSG.recordingComplete);
  await page.getByLabel("Attachment (Optional)").setInputFiles(note.attachment);
  await expectText(page, NOTE_MSG.attached);
  await chooseBeneficiaries(page, [beneficiary]);
  await page.getByRole("button", { name: "Create Note" }).click();
  await expectText(page, NOTE_MSG.created);
  await expectPath(page, "/notes");
}

export const pdf = (text: string) =>
  Buffer.from(`%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n% ${text}\n%%EOF\n`);

export async function releaseView(page: Page): Promise<ReleasePlanView> {
  return (await apiAsUser<ReleasePlanView>(page, "GET", "/api/release")).body;
}

/**
 * The owner stops using the service: a 3-month inactivity plan, the server's clock moved past it
 * and past the one-day wait, and the release happens.
 */
export async function releaseByInactivity(page: Page): Promise<void> {
  const plan = { inactivityMonths: 3, waitDays: 1 };
  expect((await apiAsUser(page, "PUT", "/api/release/plan", plan)).status).toBe(200);
  const endsAt = new Date((await releaseView(page)).plan.inactivityEndsAt ?? "").getTime();
  const { now } = await advanceReleaseClock(0);
  await advanceReleaseClock(endsAt - new Date(now).getTime() + 60_000);
  await advanceReleaseClock(DAY + 60_000);
  expect((await releaseView(page)).state).toBe("released");
}

// ---- The owner's access keys (the "Access keys" card of /release, docs/decisions/032) -------

const KEY_ACTIONS =
  /^(Show access key|Let the service hold it|Stop the service holding it|Re-issue)/;

/** The smallest part of /release that names `email` and holds that beneficiary's key actions. */
function accessKeyRow(page: Page, email: string): Locator {
  return page
    .locator("li, tr, div, section, article")
    .filter({ hasText: email })
    .filter({ has: page.getByRole("button", { name: KEY_ACTIONS }) })
    .last();
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * The owner shows the access key for `email` on /release and reads its link from the dialog
 * ("Access key link"), then says "I have given it to them". Returns the link.
 */
export async function handOverAccessKey(page: Page, email: string): Promise<string> {
  await openPath(page, "/release");
  await accessKeyRow(page, email)
    .getByRole("button", { name: /^Show access key/ })
    .click();
  const dialog = page.getByRole("dialog", { name: `Access key for ${email}` });
  await dialog.waitFor();
  const link = await dialog.getByLabel("Access key link").inputValue();
  expect(link).toMatch(
    new RegExp(`^${escapeRegExp(appUrl())}/legacy#access=[0-9a-f-]{36}\\.[A-Za-z0-9_-]{43}$`),
  );
  await dialog.getByRole("button", { name: "I have given it to them" }).click();
  if (await dialog.isVisible()) await page.keyboard.press("Escape");
  await dialog.waitFor({ state: "hidden" });
  await settle(page);
  return link;
}

/** The owner chooses on /release that the service hold the access key for `email` (confirming, if asked). */
export async function letServiceHoldAccessKey(page: Page, email: string): Promise<void> {
  await openPath(page, "/release");
  await accessKeyRow(page, email)
    .getByRole("button", { name: /^Let the service hold it/ })
    .click();
  const stop = page.getByRole("button", { name: /^Stop the service holding it/ });
  const confirm = page.getByRole("alertdialog");
  await stop.or(confirm).first().waitFor();
  if (await confirm.isVisible())
    await confirm.getByRole("button", { name: /^(Let the service hold it|Yes|Confirm)/ }).click();
  await accessKeyRow(page, email)
    .getByRole("button", { name: /^Stop the service holding it/ })
    .waitFor();
  await settle(page);
}

// ---- The beneficiary's portal ----------------------------------------------------------------

/** Opens the owner's access-key link: the portal says it was received (accessibly) and takes it out of the address bar. */
export async function openAccessKeyLink(page: Page, link: string): Promise<void> {
  await page.goto(link);
  await settle(page);
  await expectText(page.getByRole("status"), "Access key received");
  expect(new URL(page.url()).hash).toBe("");
  expect(
    await page.evaluate(
      () => (globalThis as unknown as { location: { href: string } }).location.href,
    ),
  ).not.toContain("#");
  await expectNoAxeViolations(page);
}

/**
 * The beneficiary signs in to the portal with the mailed code and lands on the list of what was
 * left to them. With `accessLink`, they open the owner's link first (and type their address);
 * otherwise they follow the release e-mail's link (address pre-filled).
 */
export async function portalSignIn({
  email,
  releaseMail,
  accessLink,
  viewport,
  firmName,
}: {
  email: string;
  releaseMail: Mail;
  accessLink?: string;
  viewport?: { width: number; height: number };
  /** The owner's law firm: the e-mail's link carries its page, and the sign-in its band. */
  firmName?: string;
}): Promise<Page> {
  const page = await newPage(viewport);
  await page
    .context()
    .grantPermissions(["clipboard-read", "clipboard-write"], { origin: appUrl() });
  if (accessLink) {
    await openAccessKeyLink(page, accessLink);
    await page.getByLabel("Email").fill(email);
  } else {
    const link = linkFrom(releaseMail, "/legacy");
    await page.goto(link.pathname + link.search);
    await settle(page);
    expect(await page.getByLabel("Email").inputValue()).toBe(email);
    if (firmName) await expectText(page.getByTestId("portal-firm"), firmName);
  }
  await signInWithCode(page, email, releaseMail);
  return page;
}

type AudioGlobals = {
  document: { querySelector(s: string): { src: string; duration: number } | null };
};

/** Waits until the page plays a decrypted recording (a blob: URL with a real duration). */
export async function expectPlayableRecording(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const audio = (globalThis as unknown as AudioGlobals).document.querySelector("audio");
    return (
      !!audio &&
      audio.src.startsWith("blob:") &&
      Number.isFinite(audio.duration) &&
      audio.duration > 0
    );
  });
}

/** On the portal's sign-in step (address filled in): "Send code", the mailed code, "Verify"; waits for the list. */
export async function signInWithCode(page: Page, email: string, releaseMail: Mail): Promise<void> {
  await expectText(page.getByRole("heading", { level: 1 }), "Sign in to see what was left to you");
  await expectNoAxeViolations(page);
  // The newest mail to the address so far (the mailbox lists newest first): the code comes after it.
  const before = (await latestMailTo(email, { after: releaseMail.id - 1 })).id;
  await page.getByRole("button", { name: "Send code" }).click();
  await expectText(page, LEGACY_MSG.codeSent);
  const code = codeFrom(await latestMailTo(email, { subject: /code/i, after: before }));
  await page.getByLabel("Verification code").pressSequentially(code);
  await page.getByRole("button", { name: "Verify" }).click();
  await page.getByRole("heading", { name: "What was left to you", exact: true }).waitFor();
  await settle(page);
}

/** Downloads with `button` and returns the saved file's bytes and suggested name. */
export async function download(
  page: Page,
  button: Locator,
): Promise<{ name: string; bytes: Buffer }> {
  const [file] = await Promise.all([page.waitForEvent("download"), button.click()]);
  return { name: file.suggestedFilename(), bytes: await bytesOf(file) };
}

const bytesOf = async (file: Download) => readFile((await file.path()) ?? "");
