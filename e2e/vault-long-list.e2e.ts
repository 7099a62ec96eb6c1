import { randomUUID } from "node:crypto";
import type { Locator, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { importDataKey, sealAsset, sealTitle } from "../test/vault-crypto.js";
import {
  apiAsUser,
  buildUser,
  checkLightAndDark,
  expectNoAxeViolations,
  expectText,
  openPath,
  PHONE,
  keepForSteps,
  ownerDataKey,
  screenshot,
  settle,
  signedInPage,
} from "./fixtures.js";

/**
 * A long password list is a window (decision 060): only the rows near the screen are in the page,
 * each saying where it stands in the whole list, the page scrolls as far as the whole list would,
 * search reaches every row, and the row holding the focus stays while scrolled away.
 */

const COUNT = 180; // more than the list's WINDOW_FROM (150)
const title = (i: number) => `Site ${String(i).padStart(3, "0")}`;

/**
 * COUNT passwords sealed as the browser seals them, stored through the API four at a time (the
 * import screen itself is walked in vault-import.e2e.ts; here only the long list matters).
 */
async function seedPasswords(page: Page, password: string) {
  const dk = await importDataKey(await ownerDataKey(page, password));
  let next = 0;
  const worker = async () => {
    for (let i = next++; i < COUNT; i = next++) {
      const id = randomUUID();
      const sealed = await sealAsset(dk, id, {
        username: `user${i}@example.com`,
        password: `Pw-${i}-x7Q!k`,
        website: `https://site${i}.example.com/`,
        notes: "",
      });
      const res = await apiAsUser(page, "POST", "/api/assets", {
        id,
        type: "password",
        encryptedTitle: await sealTitle(sealed.ck, id, title(i)),
        wrappedKey: sealed.wrappedKey,
        encryptedData: sealed.encryptedData,
      });
      expect(res.status).toBe(201);
    }
  };
  await Promise.all([worker(), worker(), worker(), worker()]);
}

type IconStyle = { maskImage: string; width: string; height: string; backgroundColor: string };
type Styled = { getComputedStyle(e: unknown): IconStyle & { color: string } };

/**
 * How each icon of a row's buttons is drawn: its mask, its size, and its colours (drawn, its own
 * text's, its button's text's).
 */
function iconLooks(row: Locator) {
  return row.locator("button .mask-icon").evaluateAll((spans) =>
    spans.map((span) => {
      const { getComputedStyle } = globalThis as unknown as Styled;
      const style = getComputedStyle(span);
      const button = (span as unknown as { closest(s: string): unknown }).closest("button");
      return {
        isDrawn: style.maskImage.startsWith('url("data:image/svg+xml,'),
        mask: style.maskImage,
        size: `${style.width}x${style.height}`.replaceAll("px", ""),
        colours: [style.backgroundColor, style.color, getComputedStyle(button).color],
      };
    }),
  );
}

/** The value found most often in `values`. */
const mostCommon = (values: number[]) =>
  [...new Set(values)].sort(
    (a, b) => values.filter((v) => v === b).length - values.filter((v) => v === a).length,
  )[0] ?? NaN;

const rows = (page: Page) => page.getByRole("list", { name: "Passwords" }).getByRole("listitem");

/**
 * How far the height the list gives each row not in the page (the list's height less its rows in
 * the page, over the rows not in it) is from its rows' most common height, to 0.1 px.
 */
async function estimateError(page: Page): Promise<number> {
  const sizes = await page.getByRole("list", { name: "Passwords" }).evaluate((list) => {
    type Box = { getBoundingClientRect(): { height: number } };
    const ul = list as unknown as Box & { children: ArrayLike<Box> };
    return {
      list: ul.getBoundingClientRect().height,
      rows: Array.from(ul.children, (li) => li.getBoundingClientRect().height),
    };
  });
  const measured = sizes.rows.reduce((a, b) => a + b, 0);
  const estimate = (sizes.list - measured) / (COUNT - sizes.rows.length);
  return Math.round((estimate - mostCommon(sizes.rows)) * 10) / 10;
}

/** Scrolls the page to its top or bottom; waits until the list has drawn the row there. */
async function scrollTo(page: Page, to: "top" | "bottom") {
  await page.evaluate((where) => {
    const w = globalThis as unknown as {
      scrollTo(x: number, y: number): void;
      document: { documentElement: { scrollHeight: number } };
    };
    w.scrollTo(0, where === "top" ? 0 : w.document.documentElement.scrollHeight);
  }, to);
  const row = page.getByRole("link", { name: title(to === "top" ? 0 : COUNT - 1), exact: true });
  await row.waitFor();
  await expect.poll(() => row.isVisible()).toBe(true);
}

describe("a long password list: keeps only the rows near the screen, says where each stands, and reaches every row", () => {
  let page: Page;
  let lastRow: Locator;

  it(`an owner with ${COUNT} passwords`, async () => {
    const user = await buildUser();
    page = keepForSteps(await signedInPage(user));
    await seedPasswords(page, user.password);
  });

  it("a window of rows, each saying where it stands; the page as tall as the whole list", async () => {
    await openPath(page, "/vault");
    await expectText(page, `${COUNT} passwords`);
    await page.getByText("user0@example.com").waitFor(); // decrypted

    // A window: far fewer rows than passwords, each "n of 180" for a screen reader.
    const first = rows(page).first();
    await expectText(first, title(0));
    expect(await first.getAttribute("aria-posinset")).toBe("1");
    expect(await first.getAttribute("aria-setsize")).toBe(String(COUNT));
    const inPage = await rows(page).count();
    expect(inPage).toBeGreaterThan(5);
    expect(inPage).toBeLessThan(60);
    // The rows not yet measured are given a row's height: the list is as tall at first as its rows
    // will be, so rows entering the page move none after them (nor the scrollbar).
    // (Polled: a row that has just changed height is measured a frame later.)
    await expect.poll(() => estimateError(page)).toBe(0);
    await expectNoAxeViolations(page);

    // The page scrolls as far as the whole list: the last password is at its bottom.
    await scrollTo(page, "bottom");
    lastRow = rows(page).filter({ hasText: title(COUNT - 1) });
    expect(await lastRow.getAttribute("aria-posinset")).toBe(String(COUNT));
    await expectText(lastRow, `user${COUNT - 1}@example.com`);
    await checkLightAndDark(page, "vault-long-list-bottom", { fullPage: false });
  });

  it("icons drawn as masks, in forced colours too; a favourite's star filled", async () => {
    // A row's icons are masks (decision 067): each drawn, 16 px, in its own text colour; in forced
    // colours (Windows high contrast), in its button's (the system's button text colour).
    // (At the bottom again: the look check's sizes moved the page, and its window of rows.)
    await scrollTo(page, "bottom");
    const looks = await iconLooks(lastRow);
    expect(looks.map(({ isDrawn, size }) => `${isDrawn} ${size}`)).toEqual(
      Array<string>(4).fill("true 16x16"),
    );
    for (const { colours } of looks) expect(colours[0]).toBe(colours[1]);
    await page.emulateMedia({ forcedColors: "active" });
    for (const { colours } of await iconLooks(lastRow)) expect(colours[0]).toBe(colours[2]);
    await page.emulateMedia({ forcedColors: "none" });
    // A favourite's star is the filled drawing.
    const lastStar = lastRow.getByRole("button", { name: `Favourite ${title(COUNT - 1)}` });
    await lastStar.click();
    await expect.poll(() => lastStar.getAttribute("aria-pressed")).toBe("true");
    const [starIcon, usernameIcon] = await iconLooks(lastRow);
    expect(starIcon?.mask).toContain("fill%3D%22black%22");
    expect(usernameIcon?.mask).toContain("fill%3D%22none%22");
    await scrollTo(page, "top"); // favourites come first
    await screenshot(page, "vault-long-list-favourite", { fullPage: false });
    await lastStar.click(); // as it was
    await expect.poll(() => lastStar.getAttribute("aria-pressed")).toBe("false");
  });

  it("keyboard focus stays while scrolled away; search and a phone reach every row", async () => {
    // Keyboard: the focused row's button keeps its focus while the page scrolls far away.
    await scrollTo(page, "top");
    const star = page.getByRole("button", { name: `Favourite ${title(2)}`, exact: true });
    await star.focus();
    await scrollTo(page, "bottom");
    expect(await page.locator(":focus").getAttribute("aria-label")).toBe(`Favourite ${title(2)}`);
    await page.keyboard.press("Tab"); // the next control in the focused row
    expect(await page.locator(":focus").getAttribute("aria-label")).toBe(
      `Copy username of ${title(2)}`,
    );

    // Search reaches a row that is not in the page.
    await scrollTo(page, "top");
    expect(await page.getByRole("link", { name: title(170), exact: true }).count()).toBe(0);
    await page.getByRole("searchbox", { name: /search/i }).fill("user170@");
    await expectText(page, `1 of ${COUNT} passwords`);
    await page.getByRole("link", { name: title(170), exact: true }).waitFor();

    // A phone: rows wrap to two lines, and the last row is still at the bottom.
    await page.getByRole("searchbox", { name: /search/i }).fill("");
    await page.setViewportSize(PHONE);
    await settle(page);
    await scrollTo(page, "bottom");
    await expectNoAxeViolations(page);
    await screenshot(page, "vault-long-list-phone-bottom", { fullPage: false });
  });
});
