import { randomUUID } from "node:crypto";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import type { AssetType, AssetView } from "../common/assets.js";
import { PASSWORD_MSG } from "../common/assets/passwords.js";
import { importDataKey, sealAsset, sealTitle } from "../test/vault-crypto.js";
import {
  apiAsUser,
  buildUser,
  expectNoAxeViolations,
  expectPath,
  expectText,
  MOBILE,
  openPath,
  screenshot,
  settle,
  ownerDataKey,
  keepForSteps,
  signedInPage,
} from "./fixtures.js";

/** Issue 16 point 1: the password list as a password manager's, and the one search across the vault. */

type Globals = {
  navigator: { clipboard: { readText(): Promise<string> } };
  document: {
    documentElement: { scrollWidth: number; dataset: { theme?: string } };
    activeElement: { tagName: string } | null;
  };
};
const clipboardText = (page: Page) =>
  page.evaluate(() => (globalThis as unknown as Globals).navigator.clipboard.readText());
const pageWidth = (page: Page) =>
  page.evaluate(() => (globalThis as unknown as Globals).document.documentElement.scrollWidth);

/** Items sealed as the browser seals them, stored through the API (faster than the forms). */
async function seedVault(page: Page, password: string) {
  const dk = await importDataKey(await ownerDataKey(page, password));
  const add = async (type: AssetType, title: string, content: unknown) => {
    const id = randomUUID();
    const sealed = await sealAsset(dk, id, content);
    const res = await apiAsUser<{ asset: AssetView }>(page, "POST", "/api/assets", {
      id,
      type,
      encryptedTitle: await sealTitle(sealed.ck, id, title),
      wrappedKey: sealed.wrappedKey,
      encryptedData: sealed.encryptedData,
    });
    expect(res.status).toBe(201);
    return id;
  };
  const pw = (username: string, password: string, website: string) => ({
    username,
    password,
    website,
    notes: "",
  });
  const bankPassword = `bank-${randomUUID()}`;
  return {
    bankPassword,
    bank: await add(
      "password",
      "Bank",
      pw("ada@lovelace.example", bankPassword, "https://www.bank.example/login"),
    ),
    email: await add("password", "Email", pw("ada", `mail-${randomUUID()}`, "mail.example")),
    wifi: await add("password", "Wifi Router", pw("admin", `wifi-${randomUUID()}`, "")),
    note: await add("note", "For the children", {
      text: "The spare key is under the blue pot by the door.",
      audioRecording: null,
      attachment: null,
    }),
    will: await add("document", "Will", {
      fileName: "last-will-2026.pdf",
      contentType: "application/pdf",
      fileSize: 1000,
      notes: "",
    }),
  };
}

const rowTitles = (page: Page) =>
  page.getByRole("list", { name: "Passwords" }).getByRole("link").allInnerTexts();
const searchDialog = (page: Page) => page.getByRole("dialog", { name: "Search your vault" });
const searchBox = (page: Page) => page.getByRole("combobox", { name: "Search your vault" });
const activeOption = async (page: Page) => {
  const id = await searchBox(page).getAttribute("aria-activedescendant");
  return id ? page.locator(`[id="${id}"]`).innerText() : null;
};

describe("password list and vault search", () => {
  describe("rows with username and site, one-click copies, favourites, sort, and the search by keyboard (light and dark)", () => {
    let page: Page;
    let ids: Awaited<ReturnType<typeof seedVault>>;

    it("rows with username and site; one click copies, and the use is recorded", async () => {
      // A long name, for the top bar at 360 px below.
      const user = await buildUser({ name: "Maximilian Alexander Featherstonehaugh" });
      page = keepForSteps(await signedInPage(user));
      ids = await seedVault(page, user.password);

      await openPath(page, "/vault");
      const list = page.getByRole("list", { name: "Passwords" });
      await expectText(list, "ada@lovelace.example");
      await expectText(list, "bank.example");
      expect(await rowTitles(page)).toEqual(["Bank", "Email", "Wifi Router"]); // by name
      await expectNoAxeViolations(page);
      await screenshot(page, "vault-list");

      // One click copies; the toast says the clipboard will be cleared; the use is recorded.
      await page.getByRole("button", { name: "Copy username of Bank" }).click();
      await expectText(page, PASSWORD_MSG.copiedWillClear);
      expect(await clipboardText(page)).toBe("ada@lovelace.example");
      await page.getByRole("button", { name: "Copy password of Bank" }).click();
      expect(await clipboardText(page)).toBe(ids.bankPassword);
      await expect
        .poll(async () => {
          const got = await apiAsUser<{ asset: AssetView }>(page, "GET", `/api/assets/${ids.bank}`);
          return got.body.asset.lastUsedAt;
        })
        .not.toBeNull();
      await page.getByRole("button", { name: "Copy password of Wifi Router" }).click();
      expect(await clipboardText(page)).toMatch(/^wifi-/);
    });

    it("sorts by use, change and name; a favourite first; the list's filter", async () => {
      // Sort by recently used (Wifi then Bank, never used last), recently changed, name.
      await page.getByLabel("Sort by").selectOption("used");
      await expect.poll(() => rowTitles(page)).toEqual(["Wifi Router", "Bank", "Email"]);
      expect(new URL(page.url()).searchParams.get("sort")).toBe("used");
      await page.getByLabel("Sort by").selectOption("changed");
      await expect.poll(() => rowTitles(page)).toEqual(["Wifi Router", "Email", "Bank"]); // newest first

      // A favourite comes first, in any order, after a reload too.
      const star = page.getByRole("button", { name: "Favourite Email" });
      expect(await star.getAttribute("aria-pressed")).toBe("false");
      await star.click();
      await expect.poll(() => star.getAttribute("aria-pressed")).toBe("true");
      await page.getByLabel("Sort by").selectOption("name");
      await expect.poll(() => rowTitles(page)).toEqual(["Email", "Bank", "Wifi Router"]);
      await page.reload();
      await settle(page);
      await expect.poll(() => rowTitles(page)).toEqual(["Email", "Bank", "Wifi Router"]);

      // The list's own filter looks at usernames too.
      await page.getByLabel("Search passwords").fill("lovelace");
      await expect.poll(() => rowTitles(page)).toEqual(["Bank"]);
      await page.getByRole("button", { name: "Clear search" }).first().click();
    });

    it("the vault search by keyboard: '/', Ctrl+K, arrows, Escape, Enter; nothing sent to the server", async () => {
      // "/" opens the search (outside a field); the note's text is found; Enter opens it.
      await page.getByRole("heading", { level: 1 }).click();
      await page.keyboard.press("/");
      await searchDialog(page).waitFor();
      expect(await searchBox(page).evaluate((el) => el === el.ownerDocument.activeElement)).toBe(
        true,
      );
      await page.keyboard.type("blue pot");
      const notes = searchDialog(page).getByRole("group", { name: "Notes" });
      await expectText(notes, "For the children");
      expect(await activeOption(page)).toContain("For the children");
      await expectNoAxeViolations(page);
      await screenshot(page, "vault-search-note");
      await page.keyboard.press("Enter");
      await expectPath(page, `/notes/${ids.note}`);
      await searchDialog(page).waitFor({ state: "detached" });

      // Ctrl+K from another screen: a username, results grouped, arrows move, Escape closes.
      await settle(page);
      await page.keyboard.press("Control+K");
      await searchDialog(page).waitFor();
      await page.keyboard.type("ada");
      const passwords = searchDialog(page).getByRole("group", { name: "Passwords" });
      await expectText(passwords, "Username: ada@lovelace.example");
      expect(await passwords.getByRole("option").allInnerTexts()).toHaveLength(2);
      expect(await activeOption(page)).toContain("Bank");
      await page.keyboard.press("ArrowDown");
      expect(await activeOption(page)).toContain("Email");
      await page.keyboard.press("ArrowDown");
      expect(await activeOption(page)).toContain("Bank"); // wraps round
      await page.keyboard.press("ArrowUp");
      expect(await activeOption(page)).toContain("Email");
      await expectNoAxeViolations(page);
      await screenshot(page, "vault-search");
      await page.keyboard.press("Escape");
      await searchDialog(page).waitFor({ state: "detached" });
      await expectPath(page, `/notes/${ids.note}`);

      // A file name, then a password opened by Enter; nothing was sent to the server to search.
      const searched: string[] = [];
      page.on("request", (r) => {
        if (r.url().includes("last-will") || r.url().includes("lovelace")) searched.push(r.url());
      });
      await page.keyboard.press("Control+K");
      await searchDialog(page).waitFor();
      await page.keyboard.type("last-will");
      await expectText(searchDialog(page).getByRole("group", { name: "Documents" }), "Will");
      await page.keyboard.press("Control+A");
      await page.keyboard.type("lovelace");
      await expectText(searchDialog(page), "Bank");
      await page.keyboard.press("Enter");
      await expectPath(page, `/vault/${ids.bank}`);
      expect(searched).toEqual([]);
    });

    it("dark: the list and the search", async () => {
      // Dark: the list and the search.
      await page.emulateMedia({ colorScheme: "dark" });
      await openPath(page, "/vault");
      await expectNoAxeViolations(page);
      await screenshot(page, "vault-list-dark");
      await page.keyboard.press("Control+K");
      await searchDialog(page).waitFor();
      await page.keyboard.type("a");
      await searchDialog(page).getByRole("option").first().waitFor();
      await expectNoAxeViolations(page);
      await screenshot(page, "vault-search-dark");
      await page.keyboard.press("Escape");
      await searchDialog(page).waitFor({ state: "detached" });
    });

    // The same owner and page at a phone's widths, still on /vault: the list and the search from
    // the top bar, the looks set on the page (no reload; the theme follows the scheme).
    it.each([360, 375])(
      "at %i px: the list and the search from the top bar, light and dark",
      async (width) => {
        await page.setViewportSize({ width, height: MOBILE.height });
        for (const scheme of ["light", "dark"] as const) {
          await page.emulateMedia({ colorScheme: scheme });
          await page.waitForFunction(
            (expected) =>
              (globalThis as unknown as Globals).document.documentElement.dataset.theme ===
              expected,
            scheme,
          );
          await expectPath(page, "/vault");
          await expectText(page.getByRole("list", { name: "Passwords" }), "ada@lovelace.example");
          await expectNoAxeViolations(page);
          expect(await pageWidth(page)).toBeLessThanOrEqual(width);
          await screenshot(page, `vault-list-${scheme}`);

          await page.getByRole("button", { name: "Search vault" }).click();
          await searchDialog(page).waitFor();
          await searchBox(page).fill("ada");
          await searchDialog(page).getByRole("option").first().waitFor();
          await expectNoAxeViolations(page);
          expect(await pageWidth(page)).toBeLessThanOrEqual(width);
          await screenshot(page, `vault-search-${scheme}`);
          await page.keyboard.press("Escape");
          await searchDialog(page).waitFor({ state: "detached" });
        }
      },
    );
  });
});
