import { chooseBeneficiaries, isBeneficiaryChosen } from "./beneficiary-picker.js";
import { dataKeyOf, titleOf } from "./sealed-titles.js";
import { randomUUID } from "node:crypto";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { PASSWORD_MSG } from "../common/assets/passwords.js";
import {
  apiRequest,
  buildUser,
  confirmUser,
  expectNoAxeViolations,
  expectNoText,
  expectPath,
  expectText,
  GOOD_PASSWORD,
  MOBILE,
  screenshot,
  settle,
  uniqueEmail,
  keepForSteps,
  signedInPage,
  openPath,
  apiAsUser,
} from "./fixtures.js";
import { buildFirmAdmin } from "./firm-people-setup.js";
import { passwordContent, storeItem } from "./sealed-items.js";
import type { CryptoKey } from "../test/vault-crypto.js";

/** The password vault and the client dashboard (spec 02 §2 Dashboard, Password vault; §5; §8 Passwords, Copy). */

type StoredAsset = {
  asset: Record<string, unknown> & {
    id: string;
    title: string | null;
    encryptedTitle: string | null;
    encryptedData: string;
    wrappedKey: string;
  };
};
type Globals = {
  navigator: { clipboard: { readText(): Promise<string> } };
  document: { documentElement: { scrollWidth: number } };
};

const DOTS_12 = "•".repeat(12);
const marker = () => `Pw-marker-${randomUUID()}`;

/** Fills /vault/new and saves; returns the new password's id (from the /vault/{id} it lands on). */
async function addPassword(
  page: Page,
  fields: {
    title: string;
    password: string;
    website?: string;
    username?: string;
    notes?: string;
    beneficiary?: string;
  },
): Promise<string> {
  await openPath(page, "/vault/new");
  await page.getByLabel("Title").fill(fields.title);
  if (fields.website) await page.getByLabel("Website").fill(fields.website);
  if (fields.username) await page.getByLabel("Username").fill(fields.username);
  await page.getByLabel("Password", { exact: true }).fill(fields.password);
  if (fields.notes) await page.getByLabel("Notes").fill(fields.notes);
  if (fields.beneficiary) await chooseBeneficiaries(page, [fields.beneficiary]);
  await page.getByRole("button", { name: "Save Password" }).click();
  await expectText(page, PASSWORD_MSG.saved);
  await page.waitForURL((url) => /^\/vault\/[0-9a-f-]{36}$/.test(url.pathname));
  await settle(page);
  await expectText(page.getByRole("heading", { level: 1 }), fields.title);
  return new URL(page.url()).pathname.split("/").pop() ?? "";
}

const clipboardText = (page: Page) =>
  page.evaluate(() => (globalThis as unknown as Globals).navigator.clipboard.readText());
const pageWidth = (page: Page) =>
  page.evaluate(() => (globalThis as unknown as Globals).document.documentElement.scrollWidth);

describe("password vault", () => {
  describe("adds, views, copies, edits, cancels and deletes a password, encrypted at rest; the dashboard follows", () => {
    let page: Page;
    const heir = { name: "Byron Heir", email: `heir-${randomUUID().slice(0, 8)}@example.com` };
    const secret = marker();
    let id = "";
    let stored: { status: number; body: StoredAsset };
    let password = "";
    let dk: CryptoKey;
    let otherId = "";

    it("an empty vault, and the new form's error state", async () => {
      const user = await buildUser({ name: "Ada Lovelace" });
      password = user.password;
      page = keepForSteps(await signedInPage(user));

      // An empty vault: the dashboard's empty state and the Join a Law Firm card (no firm yet).
      await expectText(page, "Your vault is empty");
      await page.getByRole("link", { name: "0 Passwords", exact: true }).waitFor();
      expect(await page.getByRole("link", { name: "Add Password" }).getAttribute("href")).toBe(
        "/vault/new",
      );
      expect(await page.getByRole("link", { name: "Create Note" }).getAttribute("href")).toBe(
        "/notes/new",
      );
      expect(await page.getByRole("link", { name: "Enter a Firm Code" }).getAttribute("href")).toBe(
        "/join-firm",
      );
      await expectText(page, user.email);
      await expectNoAxeViolations(page);
      await screenshot(page, "dashboard-empty");

      await openPath(page, "/vault");
      await expectText(page, "No passwords yet");
      await expectNoAxeViolations(page);
      await screenshot(page, "vault-empty");

      // The form's error state (its messages and focus: password-forms.test.tsx; the empty form's
      // axe: e2e/screens.e2e.ts, /vault/new in four looks).
      await page.getByRole("link", { name: "Add Password" }).first().click();
      await expectPath(page, "/vault/new");
      await settle(page);
      await page.getByRole("button", { name: "Save Password" }).click();
      await expectText(
        page.getByRole("alert").filter({ hasText: PASSWORD_MSG.passwordRequired }),
        PASSWORD_MSG.passwordRequired,
      );
      await expectNoAxeViolations(page);
      await screenshot(page, "vault-new-errors");
    });

    it("adds one: masked, copied, ciphertext at rest, decrypted again after a reload", async () => {
      // A beneficiary to pick (through the API, as the beneficiaries screens would).
      expect((await apiAsUser(page, "POST", "/api/beneficiaries", heir)).status).toBe(201);

      id = await addPassword(page, {
        title: "Online Banking",
        website: "bank.example.com",
        username: "ada@example.com",
        password: secret,
        notes: "Security question: first pet",
        beneficiary: heir.email,
      });

      // View mode: masked with at most 12 dots, never the password itself until Show.
      await expectText(page, DOTS_12, { exact: true });
      await expectNoText(page, secret);
      await expectText(page, "ada@example.com");
      await expectText(page, heir.email);
      expect(
        await page.getByRole("link", { name: /bank\.example\.com/ }).getAttribute("href"),
      ).toBe("https://bank.example.com/");
      await expectNoAxeViolations(page);
      await screenshot(page, "vault-detail");
      await page.getByRole("button", { name: "Show password" }).click();
      await expectText(page, secret, { exact: true });
      await page.getByRole("button", { name: "Hide password" }).click();
      await expectNoText(page, secret);

      // Copy buttons: the spec's toasts, and the clipboard holds the value.
      await page.getByRole("button", { name: "Copy password" }).click();
      await expectText(page, PASSWORD_MSG.passwordCopied);
      expect(await clipboardText(page)).toBe(secret);
      await page.getByRole("button", { name: "Copy username" }).click();
      await expectText(page, PASSWORD_MSG.usernameCopied);
      expect(await clipboardText(page)).toBe("ada@example.com");
      await page.getByRole("button", { name: "Copy website URL" }).click();
      await expectText(page, PASSWORD_MSG.websiteCopied);
      expect(await clipboardText(page)).toBe("bank.example.com");

      // The server holds ciphertext only: no field of the content, in clear or in the base64.
      stored = await apiAsUser<StoredAsset>(page, "GET", `/api/assets/${id}`);
      expect(stored.status).toBe(200);
      const raw = JSON.stringify(stored.body);
      const clearFields = [secret, "ada@example.com", "first pet", "bank.example.com"];
      for (const clear of [...clearFields, "Online Banking"]) {
        expect(raw).not.toContain(clear);
        expect(
          Buffer.from(stored.body.asset.encryptedData, "base64").toString("latin1"),
        ).not.toContain(clear);
      }
      expect(Object.keys(stored.body.asset)).not.toContain("password");
      // The title too, sealed with the item's own key (decision 080): the owner's key opens it.
      expect(stored.body.asset.title).toBeNull();
      dk = await dataKeyOf(page, password);
      expect(await titleOf(dk, stored.body.asset)).toBe("Online Banking");

      // A reload decrypts again from the server (nothing kept in the browser's storage).
      await page.reload();
      await settle(page);
      await page.getByRole("button", { name: "Show password" }).click();
      await expectText(page, secret, { exact: true });
      const storage = await page.evaluate(() => {
        const g = globalThis as unknown as {
          localStorage: {
            length: number;
            key(i: number): string | null;
            getItem(k: string): string | null;
          };
        };
        return Array.from(
          { length: g.localStorage.length },
          (_, i) =>
            `${g.localStorage.key(i)}=${g.localStorage.getItem(g.localStorage.key(i) ?? "")}`,
        ).join("\n");
      });
      expect(storage).not.toContain(secret);
    });

    it("edits: Cancel brings the stored values back, Done re-encrypts under the same key", async () => {
      // Edit, then Cancel: the stored values come back.
      await page.getByRole("button", { name: "Edit" }).click();
      await page.getByLabel("Title").waitFor();
      await expectNoAxeViolations(page);
      await screenshot(page, "vault-edit");
      await page.getByLabel("Title").fill("Scratch title");
      await page.getByLabel("Username").fill("scratch-user");
      await page.getByRole("button", { name: "Cancel" }).click();
      await expectText(page.getByRole("heading", { level: 1 }), "Online Banking");
      await expectText(page, "ada@example.com");
      await expectNoText(page, "scratch-user");
      await page.getByRole("button", { name: "Edit" }).click();
      expect(await page.getByLabel("Title").inputValue()).toBe("Online Banking");
      expect(await page.getByLabel("Username").inputValue()).toBe("ada@example.com");
      expect(await page.getByLabel("Password", { exact: true }).inputValue()).toBe(secret);
      expect(await isBeneficiaryChosen(page, heir.email)).toBe(true);

      // Done: re-encrypted with the same content key (an empty password refused:
      // password-forms.test.tsx).
      const secret2 = marker();
      await page.getByLabel("Title").fill("Bank (joint account)");
      await page.getByLabel("Password", { exact: true }).fill(secret2);
      await chooseBeneficiaries(page, []);
      await page.getByRole("button", { name: "Done" }).click();
      await expectText(page, PASSWORD_MSG.updated);
      await expectText(page.getByRole("heading", { level: 1 }), "Bank (joint account)");
      await page.getByRole("button", { name: "Edit" }).waitFor();
      await expectNoText(page, heir.email);
      await page.getByRole("button", { name: "Show password" }).click();
      await expectText(page, secret2, { exact: true });
      const restored = await apiAsUser<StoredAsset>(page, "GET", `/api/assets/${id}`);
      expect(restored.body.asset.wrappedKey).toBe(stored.body.asset.wrappedKey); // the existing content key
      expect(restored.body.asset.encryptedData).not.toBe(stored.body.asset.encryptedData);
      expect(JSON.stringify(restored.body)).not.toContain(secret2);

      // An empty title keeps the stored one (spec 02 §5).
      await page.getByRole("button", { name: "Edit" }).click();
      await page.getByLabel("Title").fill("");
      await page.getByRole("button", { name: "Done" }).click();
      await expectText(page, PASSWORD_MSG.updated);
      await page.getByRole("button", { name: "Edit" }).waitFor();
      await expectText(page.getByRole("heading", { level: 1 }), "Bank (joint account)");
    });

    it("the dashboard counts both; the list deletes after a confirmation", async () => {
      // A second password (stored through the API: the form is walked above); the dashboard
      // counts both and lists the most recently updated first.
      otherId = await storeItem(page, dk, {
        type: "password",
        title: "Email account",
        content: passwordContent({ password: marker(), username: "email-user" }),
      });
      await openPath(page, "/dashboard");
      await page.getByRole("link", { name: "2 Passwords", exact: true }).waitFor();
      await page.getByRole("link", { name: "1 Beneficiaries", exact: true }).waitFor();
      await page.getByRole("link", { name: "0 Notes", exact: true }).waitFor();
      await page.getByRole("link", { name: "0 Documents", exact: true }).waitFor();
      await expectNoText(page, "Your vault is empty");
      const recent = page.getByRole("list", { name: "Recently updated items" }).getByRole("link");
      expect(await recent.allInnerTexts()).toEqual(["Email account", "Bank (joint account)"]);
      expect(await recent.first().getAttribute("href")).toBe(`/vault/${otherId}`);
      expect(await recent.last().getAttribute("href")).toBe(`/vault/${id}`);
      await expectNoAxeViolations(page);
      await screenshot(page, "dashboard");

      // The list, then a delete after the confirmation (Cancel first). Its search by title:
      // routes/passwords-search.test.tsx; by username: e2e/vault-search.e2e.ts.
      await page.getByRole("link", { name: "2 Passwords", exact: true }).click();
      await expectPath(page, "/vault");
      await expectText(page.getByRole("status"), "2 passwords");
      await settle(page);
      await expectNoAxeViolations(page);
      await screenshot(page, "vault");

      await page.getByRole("button", { name: "Delete Bank (joint account)" }).click();
      const dialog = page.getByRole("alertdialog", { name: "Delete Password" });
      await dialog.waitFor();
      await expectNoAxeViolations(page);
      await screenshot(page, "vault-delete");
      await dialog.getByRole("button", { name: "Cancel" }).click();
      await dialog.waitFor({ state: "hidden" });
      await page.getByRole("button", { name: "Delete Bank (joint account)" }).click();
      await dialog.getByRole("button", { name: "Delete" }).click();
      await expectText(page, PASSWORD_MSG.deleted);
      await page.getByRole("link", { name: "Bank (joint account)" }).waitFor({ state: "detached" });
      await expectText(page.getByRole("status"), "1 password");

      // A deleted (missing) password: the toast, back to the list. Another user's password
      // answers exactly as a missing one (server/assets/vault-access.test.ts, "another user gets
      // 404 on every verb of the owner's assets, files and beneficiaries"): the same screen.
      await page.goto(`/vault/${id}`);
      await expectText(page, PASSWORD_MSG.notFound);
      await expectPath(page, "/vault");
    });

    it("shows a damaged password as an error, never partial data", async () => {
      // Ciphertext replaced behind the browser's back: the GCM tag fails, nothing decrypted shows.
      const bogus = Buffer.from(randomUUID().repeat(2)).toString("base64");
      expect(
        (await apiAsUser(page, "PATCH", `/api/assets/${otherId}`, { encryptedData: bogus })).status,
      ).toBe(200);
      await openPath(page, `/vault/${otherId}`);
      await expectText(page, "This password could not be decrypted");
      await expectNoText(page, "email-user");
      expect(await page.getByRole("button", { name: "Edit" }).count()).toBe(0);
      await expectNoAxeViolations(page);
    });
  });

  // In steps (decision 071): one page, kept from step to step.
  describe("works at 360 px: dashboard, list, form and detail without sideways scrolling", () => {
    let page: Page;
    const user = {
      name: "Maximilian Alexander Featherstonehaugh",
      email: uniqueEmail("client"),
      password: GOOD_PASSWORD,
    };

    it("a client of a law firm: the dashboard names the firm and offers no Join a Law Firm card", async () => {
      const { firm } = await buildFirmAdmin();
      expect(
        (await apiRequest("POST", "/api/register", { ...user, firmCode: firm.code })).status,
      ).toBe(200);
      await confirmUser(user.email);
      page = keepForSteps(await signedInPage(user, MOBILE));
      await expectText(page, firm.name);
      await page.getByRole("link", { name: "0 Passwords", exact: true }).waitFor();
      await expectNoText(page, "Join a Law Firm");
    });

    it("a long password's detail and edit mode", async () => {
      // Stored through the API (the form is walked above, and swept at 360 px below).
      const title = "A rather long title for a password that has to wrap on a phone";
      const id = await storeItem(page, await dataKeyOf(page, user.password), {
        type: "password",
        title,
        content: passwordContent({
          website: "https://accounts.example-with-a-long-domain-name.com/login?next=/settings",
          username: "maximilian.featherstonehaugh@example.com",
          password: marker(),
          notes: "Line one\nLine two",
        }),
      });
      await openPath(page, `/vault/${id}`);
      await expectText(page.getByRole("heading", { level: 1 }), title);
      await expectText(page, "maximilian.featherstonehaugh@example.com");
      await expectNoAxeViolations(page);
      expect(await pageWidth(page)).toBeLessThanOrEqual(MOBILE.width);
      await screenshot(page, "vault-detail");
      await page.getByRole("button", { name: "Edit" }).click();
      await expectNoAxeViolations(page);
      expect(await pageWidth(page)).toBeLessThanOrEqual(MOBILE.width);
      await screenshot(page, "vault-edit");
    });

    it("the list, the new form and the dashboard", async () => {
      for (const [name, path] of [
        ["vault", "/vault"],
        ["vault-new", "/vault/new"],
        ["dashboard", "/dashboard"],
      ] as const) {
        await openPath(page, path);
        await expectNoAxeViolations(page);
        expect(await pageWidth(page)).toBeLessThanOrEqual(MOBILE.width);
        await screenshot(page, name);
      }
    });
  });
});
