import { chooseBeneficiaries } from "./beneficiary-picker.js";
import { randomUUID, webcrypto } from "node:crypto";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { NOTE_MSG } from "../common/assets/notes.js";
import { PASSWORD_MSG } from "../common/assets/passwords.js";
import type { BeneficiaryKeysView, DataKeyView, PendingItemView } from "../common/keys.js";
import { importDataKey, sealAsset, sealTitle } from "../test/vault-crypto.js";
import {
  apiAsUser,
  buildUser,
  DESKTOP,
  expectNoAxeViolations,
  expectText,
  expectPath,
  keepForSteps,
  MOBILE,
  newPage,
  openPath,
  ownerDataKey,
  screenshot,
  settle,
  signedInPage,
  signIn,
  signInSecret,
} from "./fixtures.js";

/** The plan page's "Access keys" card (decision 032): hand-over, escrow, re-issue; and moving over at sign-in. */

type Globals = { document: { documentElement: { scrollWidth: number } } };
const pageWidth = (page: Page) =>
  page.evaluate(() => (globalThis as unknown as Globals).document.documentElement.scrollWidth);

/** Saves a password for `beneficiary` through /vault/new. */
async function addPassword(page: Page, title: string, beneficiary: string): Promise<void> {
  await openPath(page, "/vault/new");
  await page.getByLabel("Title").fill(title);
  await page.getByLabel("Password", { exact: true }).fill(`pw-${randomUUID()}`);
  await chooseBeneficiaries(page, [beneficiary]);
  await page.getByRole("button", { name: "Save Password" }).click();
  await expectText(page, PASSWORD_MSG.saved);
  await page.waitForURL((url) => /^\/vault\/[0-9a-f-]{36}$/.test(url.pathname));
  await settle(page);
}

const beneficiaryKeys = async (page: Page) =>
  (await apiAsUser<BeneficiaryKeysView>(page, "GET", "/api/keys/beneficiaries")).body;

const keyRow = (page: Page, email: string) => page.getByRole("listitem").filter({ hasText: email });

/** Opens "Show access key" for `email` and returns the link the dialog shows (the dialog stays open). */
async function showLink(page: Page, email: string): Promise<string> {
  await keyRow(page, email).getByRole("button", { name: "Show access key" }).click();
  const dialog = page.getByRole("dialog", { name: `Access key for ${email}` });
  await dialog.waitFor();
  const input = dialog.getByLabel("Access key link");
  await input.waitFor();
  return input.inputValue();
}

async function confirm(page: Page, button: string): Promise<void> {
  const dialog = page.getByRole("alertdialog");
  await dialog.waitFor();
  await expectNoAxeViolations(page);
  await dialog.getByRole("button", { name: button }).click();
  await dialog.waitFor({ state: "hidden" });
}

describe("access keys on the release plan page", () => {
  /**
   * One owner, signed in once (each sign-in costs a key derivation and page loads), through the
   * card's steps: the first two follow one heir's key, the edit names its own beneficiaries, and
   * the phone width comes last, with the first heir's row. The owners who move over at sign-in
   * have their own accounts (after this describe).
   */
  describe("one owner's card, in steps", () => {
    let owner: Awaited<ReturnType<typeof buildUser>>;
    let page: Page;

    const heir = { name: "Hana Heir", email: `heir-${randomUUID().slice(0, 8)}@example.com` };
    let link = "";

    it("a new beneficiary's key: shown, printed and handed over", async () => {
      owner = await buildUser({ name: "Olive Owner" });
      page = keepForSteps(await signedInPage(owner));
      expect((await apiAsUser(page, "POST", "/api/beneficiaries", heir)).status).toBe(201);
      await addPassword(page, "Bank", heir.email);

      // The item was saved with its wrap for a new hand-over key: nothing is pending.
      const listed = await apiAsUser<BeneficiaryKeysView>(page, "GET", "/api/keys/beneficiaries");
      expect(listed.body.pending).toEqual([]);
      expect(listed.body.keys).toMatchObject([{ email: heir.email, escrow: false, itemCount: 1 }]);

      await openPath(page, "/release");
      const row = keyRow(page, heir.email);
      await expectText(row, heir.name);
      await expectText(row, "1 item");
      await expectText(row, "Not handed over yet");
      await expectNoAxeViolations(page);
      await row.scrollIntoViewIfNeeded();
      await screenshot(page, "release-access-keys");

      link = await showLink(page, heir.email);
      const keyId = listed.body.keys[0]?.id ?? "";
      expect(link).toMatch(new RegExp(`/legacy#access=${keyId}\\.[A-Za-z0-9_-]{43}$`));
      const dialog = page.getByRole("dialog", { name: `Access key for ${heir.email}` });
      await dialog.getByRole("img", { name: /QR code/ }).waitFor();
      await expectNoAxeViolations(page);
      await screenshot(page, "access-key-dialog");
      // Printing shows the one-page sheet alone: from whom, for whom, the link and the instructions.
      await page.emulateMedia({ media: "print" });
      await expectText(page, "Your access key for Legacy Vault");
      await expectText(page, `From: ${owner.name} (${owner.email})`);
      await expectText(page, link);
      expect(await dialog.isVisible()).toBe(false);
      await screenshot(page, "access-key-sheet");
      await page.emulateMedia({ media: "screen" });
      await dialog.getByRole("button", { name: "I have given it to them" }).click();
      await dialog.waitFor({ state: "hidden" });
      await expectText(keyRow(page, heir.email), "Handed over on");
    });

    it("the same key held by the service, then re-issued: a new key and a new link each time", async () => {
      const keyId = (await beneficiaryKeys(page)).keys[0]?.id ?? "";
      await keyRow(page, heir.email)
        .getByRole("button", { name: "Let the service hold it" })
        .click();
      await confirm(page, "Let the service hold it");
      await expectText(keyRow(page, heir.email), "Held by the service");

      // Re-issue (for an escrowed key: "Stop the service holding it"): a new key, a new link.
      await keyRow(page, heir.email)
        .getByRole("button", { name: "Stop the service holding it" })
        .click();
      await confirm(page, "Stop the service holding it");
      await expectText(keyRow(page, heir.email), "Not handed over yet");
      const after = await apiAsUser<BeneficiaryKeysView>(page, "GET", "/api/keys/beneficiaries");
      expect(after.body.keys).toMatchObject([{ email: heir.email, escrow: false, itemCount: 1 }]);
      expect(after.body.keys[0]?.id).not.toBe(keyId);
      await expect
        .poll(
          async () =>
            (await apiAsUser<BeneficiaryKeysView>(page, "GET", "/api/keys/beneficiaries")).body
              .pending,
        )
        .toEqual([]);
      const newLink = await showLink(page, heir.email);
      expect(newLink).toContain("#access=");
      expect(newLink).not.toBe(link);
      await page.keyboard.press("Escape");

      await keyRow(page, heir.email).getByRole("button", { name: "Re-issue" }).click();
      await confirm(page, "Re-issue");
      await expectText(keyRow(page, heir.email), "Not handed over yet");
      expect(await showLink(page, heir.email)).not.toBe(newLink);
    });

    it("an edit that changes the beneficiary wraps for the new address (password edit, note files update)", async () => {
      const ann = { name: "Ann", email: `ann-${randomUUID().slice(0, 8)}@example.com` };
      const ben = { name: "Ben", email: `ben-${randomUUID().slice(0, 8)}@example.com` };
      for (const b of [ann, ben])
        expect((await apiAsUser(page, "POST", "/api/beneficiaries", b)).status).toBe(201);
      const keys = () => beneficiaryKeys(page);

      await addPassword(page, "Bank", ann.email);
      await page.getByRole("button", { name: "Edit" }).click();
      await chooseBeneficiaries(page, [ben.email]);
      await page.getByRole("button", { name: "Done" }).click();
      await expectText(page, PASSWORD_MSG.updated);
      let view = await keys();
      expect(view.pending).toEqual([]);
      expect(view.keys.find((k) => k.email === ben.email)?.itemCount).toBe(1);
      expect(view.keys.find((k) => k.email === ann.email)?.itemCount).toBe(0);

      // A note saved without a beneficiary (through the API, sealed as the browser seals it: the
      // note form is e2e/vault-forms.e2e.ts's), then given one: the edit goes through the files update.
      const noteId = await saveNote(page, owner.password, "Letter", "Dear Ann");
      await openPath(page, `/notes/${noteId}`);
      await page.getByRole("link", { name: "Edit", exact: true }).click();
      await chooseBeneficiaries(page, [ann.email]);
      await page.getByRole("button", { name: "Save Changes" }).click();
      await expectText(page, NOTE_MSG.updated);
      view = await keys();
      expect(view.pending).toEqual([]);
      expect(view.keys.find((k) => k.email === ann.email)?.itemCount).toBe(1);
    });

    it("fits 360 px, with the dialog", async () => {
      await page.setViewportSize(MOBILE);
      // the first step's heir: re-issued last, so not handed over yet
      await openPath(page, "/release");
      await expectText(keyRow(page, heir.email), "Not handed over yet");
      expect(await pageWidth(page)).toBeLessThanOrEqual(MOBILE.width);
      await expectNoAxeViolations(page);
      await screenshot(page, "release-access-keys");
      await showLink(page, heir.email);
      await expectNoAxeViolations(page);
      await screenshot(page, "access-key-dialog");
      await page.setViewportSize({ width: 375, height: 740 });
      await screenshot(page, "access-key-dialog");
      await page.keyboard.press("Escape");
      await screenshot(page, "release-access-keys");
    });
  });

  it("moves an existing owner's pending items over at sign-in, to an escrowed key", async () => {
    const existing = await buildUser({ name: "Eli Existing" });
    const first = await signedInThroughApi(existing);
    const heirEmail = `old-${randomUUID().slice(0, 8)}@example.com`;
    const pending = await saveItemWithoutWrap(first, heirEmail);
    await first.context().close();

    // The next sign-in wraps it, quietly but with a count: for a key the service holds when the
    // item named the address before beneficiary keys existed (decision 032 "Defaults").
    const page = await signedInPage(existing, DESKTOP);
    await expectText(page, "ready for your beneficiaries");
    const after = await apiAsUser<BeneficiaryKeysView>(page, "GET", "/api/keys/beneficiaries");
    expect(after.body.pending).toEqual([]);
    const isEscrowed = pending.fromBeforeKeys !== false;
    expect(after.body.keys).toMatchObject([{ email: heirEmail, escrow: isEscrowed, itemCount: 1 }]);
    await openPath(page, "/release");
    await expectText(
      keyRow(page, heirEmail),
      isEscrowed ? "Held by the service" : "Not handed over yet",
    );
  });

  it("moves items over for every role: an individual who registered a firm keeps theirs; nothing pending costs one GET", async () => {
    const founder = await buildUser({ name: "Fay Founder" });
    const first = await signedInThroughApi(founder);
    const heirEmail = `firm-${randomUUID().slice(0, 8)}@example.com`;
    await saveItemWithoutWrap(first, heirEmail);
    const firm = await apiAsUser(first, "POST", "/api/firm", {
      name: `Founder Firm ${randomUUID().slice(0, 6)}`,
      password: await signInSecret(founder.email, founder.password),
    });
    expect(firm.status).toBe(201);
    await first.context().close();

    // Now a firm admin: the next sign-in still wraps the item.
    const page = await signedInPage(founder, DESKTOP);
    await expectText(page, "ready for your beneficiaries");
    const after = await apiAsUser<BeneficiaryKeysView>(page, "GET", "/api/keys/beneficiaries");
    expect(after.body.pending).toEqual([]);
    expect(after.body.keys).toMatchObject([{ email: heirEmail, itemCount: 1 }]);
    await page.context().close();

    // Signed in again with nothing pending: one GET of the key list; the data key once, as every
    // sign-in opens the vault for the tab (decision 038), never again while moving around.
    const seen: string[] = [];
    const again = await newPage(DESKTOP);
    again.on("request", (r) => {
      const path = new URL(r.url()).pathname;
      if (path.startsWith("/api/keys/") || path === "/api/vault/key")
        seen.push(`${r.method()} ${path}`);
    });
    await signIn(again, founder.email, founder.password);
    await expectPath(again, "/dashboard");
    await settle(again);
    // Moving around the app (no reload) does not list them again.
    await again.getByRole("link", { name: "Clients" }).first().click();
    await expectPath(again, "/clients");
    await settle(again);
    expect(seen.sort()).toEqual(["GET /api/keys/beneficiaries", "GET /api/vault/key"]);
  });
});

/**
 * A page signed in through the API only: no browser sign-in, so an account registered without
 * keys has not moved over yet (decision 038) and GET /api/vault/key still hands out its escrowed
 * data key, as it did for the owners of before beneficiary keys.
 */
async function signedInThroughApi(user: { email: string; password: string }): Promise<Page> {
  const page = await newPage(DESKTOP);
  const res = await apiAsUser(page, "POST", "/api/auth/sign-in/email", {
    email: user.email,
    password: await signInSecret(user.email, user.password),
  });
  expect(res.status).toBe(200);
  return page;
}

/**
 * An item saved as before beneficiary keys (content key wrapped with the data key, no beneficiary
 * wrap) naming `heirEmail`; returns how the key list shows it pending.
 */
async function saveItemWithoutWrap(page: Page, heirEmail: string): Promise<PendingItemView> {
  const { body } = await apiAsUser<DataKeyView>(page, "GET", "/api/vault/key");
  if (!body.dataKey) throw new Error("GET /api/vault/key: no escrowed data key");
  const subtle = webcrypto.subtle;
  const dataKey = await subtle.importKey(
    "raw",
    Buffer.from(body.dataKey, "base64"),
    { name: "AES-GCM" },
    false,
    ["wrapKey"],
  );
  const contentKey = await subtle.generateKey({ name: "AES-GCM", length: 256 }, true, ["encrypt"]);
  const id = randomUUID();
  const iv = webcrypto.getRandomValues(new Uint8Array(12));
  const wrapped = await subtle.wrapKey("raw", contentKey, dataKey, {
    name: "AES-GCM",
    iv,
    additionalData: new TextEncoder().encode(id),
  });
  const dataIv = webcrypto.getRandomValues(new Uint8Array(12));
  const data = await subtle.encrypt(
    { name: "AES-GCM", iv: dataIv },
    contentKey,
    new TextEncoder().encode(
      JSON.stringify({ username: "", password: "x", website: "", notes: "" }),
    ),
  );
  const created = await apiAsUser(page, "POST", "/api/assets", {
    id,
    type: "password",
    encryptedTitle: await sealTitle(contentKey, id, "Old item"),
    beneficiaryEmails: [heirEmail],
    wrappedKey: Buffer.concat([iv, Buffer.from(wrapped)]).toString("base64"),
    encryptedData: Buffer.concat([dataIv, Buffer.from(data)]).toString("base64"),
  });
  expect(created.status).toBe(201);
  const listed = await apiAsUser<BeneficiaryKeysView>(page, "GET", "/api/keys/beneficiaries");
  expect(listed.body.pending).toMatchObject([{ assetId: id, beneficiaryEmail: heirEmail }]);
  return listed.body.pending[0]!;
}

/** A note left to nobody, sealed as the browser seals it and saved through the API; returns its id. */
async function saveNote(page: Page, password: string, title: string, text: string) {
  const dk = await importDataKey(await ownerDataKey(page, password));
  const id = randomUUID();
  const sealed = await sealAsset(dk, id, { text, audioRecording: null, attachment: null });
  const created = await apiAsUser(page, "POST", "/api/assets", {
    id,
    type: "note",
    encryptedTitle: await sealTitle(sealed.ck, id, title),
    wrappedKey: sealed.wrappedKey,
    encryptedData: sealed.encryptedData,
  });
  expect(created.status).toBe(201);
  return id;
}
