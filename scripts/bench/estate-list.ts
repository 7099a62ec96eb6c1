/**
 * The estate inventory (docs/decisions/086) at scale: /estate and /estate/print with ITEMS entries
 * (issue 36: 2,000), in Debian's Chromium with its CPU slowed down RATE times, beside a bare page.
 * Starts the real server (PGlite in a temporary folder; serves web/dist, so run `npm run build`
 * first), registers an account, signs in, and imports ITEMS entries through /estate/import (read
 * and sealed in the browser, as a person's import would be; timed, not slowed down). Then, slowed
 * down: a full load of /estate, timed in the page to its header (the baseline), to every entry
 * listed with its organisation opened, and to the page settled; the kind filter changed (from the
 * change to the frame after it, median of 6); search keystrokes (keydown to the frame after, as
 * scripts/bench/vault-list.ts); a steady scroll (frames and main-thread work per 1,000 px); and a
 * full load of /estate/print to every row in its tables. Beside it, a bare page: ITEMS rows of
 * plain static HTML in ten sections, scrolled and searched the same way (the baseline).
 * Usage: node --import tsx scripts/bench/estate-list.ts [items=2000] [rate=4]
 */
import { randomBytes } from "node:crypto";
import type { Page } from "playwright-core";
import { ESTATE_CATEGORIES, type EstateCategory } from "../../common/assets/estate.js";
import { estateCsv } from "../../common/assets/estate-csv.js";
import * as listPage from "./list-page.js";
import { signedInPage } from "./signed-in-page.js";

const ITEMS = Number(process.argv[2] ?? 2000);
const RATE = Number(process.argv[3] ?? 4);
const { context, page, close } = await signedInPage("estate-list");

// The import (not slowed down: the set-up, not what is measured).
const kinds = Object.values(ESTATE_CATEGORIES);
const ids = Object.keys(ESTATE_CATEGORIES) as EstateCategory[];
const csv = estateCsv(
  Array.from({ length: ITEMS }, (_, i) => ({
    title: `Entry ${String(i).padStart(4, "0")}`,
    content: {
      category: ids[i % ids.length] ?? null,
      institution: `Bank ${i}`,
      reference: `REF-${randomBytes(4).toString("hex")}`,
      contact: "",
      action: "close" as const,
      instructions: "Call them and send the certificate.",
    },
  })),
);
const importStart = performance.now();
await page.goto("/estate/import");
await page.getByLabel("CSV file").setInputFiles({
  name: "inventory.csv",
  mimeType: "text/csv",
  buffer: Buffer.from(csv),
});
await page.getByRole("button", { name: /^Import [\d,]+ entries$/ }).click();
await page.getByText(/^Saved [\d,]+ entries\.$/).waitFor({ timeout: 900_000 });
console.log(`imported ${ITEMS} entries in ${Math.round(performance.now() - importStart)} ms`);

const cdp = await listPage.throttle(context, page, RATE);
/** The keys typed into the search boxes: a query that narrows, then cleared. */
const SEARCH_KEYS = listPage.searchKeys("bank 12");

// A full load of /estate (as after a reload) and of /estate/print, timed in the page: the frame
// after the header, and after every entry is listed with its organisation opened (the contents
// decrypted), from the navigation's start.
await page.addInitScript(`(() => {
  const marks = (window.__estateMarks = {});
  const mark = (name) => requestAnimationFrame(() => (marks[name] ??= performance.now()));
  new MutationObserver(() => {
    if (!marks.header && document.querySelector("h1")?.textContent?.includes("Estate inventory")) mark("header");
    // Listed: the sections' headings count every entry (a windowed list, decision 107, has only
    // the entries near the screen in the page, each of them opened).
    const listed = [...document.querySelectorAll("main section h2")].reduce((n, h) => n + Number(/\\(([\\d,]+)\\)/.exec(h.textContent)?.[1]?.replace(/,/g, "") ?? 0), 0);
    const isOpened = (els) => [...els].every((el) => el.textContent.includes("Bank "));
    const links = document.querySelectorAll("main section ul > li a");
    if (!marks.all && listed >= ${ITEMS} && isOpened(links)) mark("all");
    const rows = document.querySelectorAll("main tbody tr");
    if (!marks.printed && rows.length >= ${ITEMS} && isOpened(rows)) mark("printed");
  }).observe(document, { childList: true, subtree: true, characterData: true });
})();`);
type Marks = { __estateMarks: { header?: number; all?: number; printed?: number } };
await page.goto("/estate");
await page
  .waitForFunction(() => (globalThis as unknown as Marks).__estateMarks.all, undefined, {
    timeout: Number(process.env.WAIT_MS ?? 300_000),
  })
  .catch(async (e) => {
    await page.screenshot({ path: "/tmp/estate-list-fail.png" });
    console.log(await page.evaluate(() => (globalThis as unknown as Marks).__estateMarks));
    console.log(
      await page.evaluate(
        `[document.querySelectorAll("main section ul > li").length, document.querySelectorAll("main section ul > li a").length, document.querySelector("main section ul > li a")?.textContent]`,
      ),
    );
    throw e;
  });
const list = await page.evaluate(() => (globalThis as unknown as Marks).__estateMarks);
const listSettled = await listPage.settled(page);

/** The kind filter: from the select's change to the frame after the page handled it, in ms. */
const filterLatencies = async (p: Page): Promise<number[]> => {
  await p.evaluate("globalThis.__name = (f) => f");
  const out: number[] = [];
  for (const value of ["pension", "vehicle", "subscription", "bank", "device", ""]) {
    const ms = await p.evaluate((v) => {
      const w = globalThis as unknown as {
        document: { querySelector(s: string): { value: string; dispatchEvent(e: unknown): void } };
        requestAnimationFrame(f: () => void): void;
        MessageChannel: listPage.KeyGlobals["MessageChannel"];
        Event: new (type: string, init: { bubbles: boolean }) => unknown;
      };
      const select = w.document.querySelector("main select");
      return new Promise<number>((resolve) => {
        const at = performance.now();
        select.value = v;
        select.dispatchEvent(new w.Event("change", { bubbles: true }));
        w.requestAnimationFrame(() => {
          const channel = new w.MessageChannel();
          channel.port1.onmessage = () => resolve(performance.now() - at);
          channel.port2.postMessage(0);
        });
      });
    }, value);
    out.push(ms);
  }
  return out;
};
const ourFilter = await filterLatencies(page);
await page.evaluate("globalThis.scrollTo(0, 0)");
const ourSearch = await listPage.searchLatencies(
  page,
  page.getByRole("searchbox", { name: "Search the inventory" }),
  SEARCH_KEYS,
);
await page.getByRole("searchbox", { name: "Search the inventory" }).fill("");
await listPage.settled(page);
const ours = await listPage.scrollFrames(page, cdp);

await page.goto("/estate/print");
await page.waitForFunction(
  () => (globalThis as unknown as Marks).__estateMarks.printed,
  undefined,
  {
    timeout: 300_000,
  },
);
const print = await page.evaluate(() => (globalThis as unknown as Marks).__estateMarks);

// The bare page: the same rows of plain HTML in ten sections, the app's stylesheet not loaded.
const bare = await listPage.bareBaseline(
  page,
  cdp,
  `<main style="font:16px system-ui">${kinds
    .map(
      (kind, k) =>
        `<section><h2>${kind}</h2><ul style="margin:0;padding:0">${Array.from(
          { length: Math.ceil(ITEMS / kinds.length) },
          (_, j) => j * kinds.length + k,
        )
          .filter((i) => i < ITEMS)
          .map(
            (i) =>
              `<li style="display:flex;gap:12px;padding:12px 16px;border-bottom:1px solid #ddd"><a href="#">Entry ${i}<br><span>Bank ${i} · REF</span></a><span>Close it</span></li>`,
          )
          .join("")}</ul></section>`,
    )
    .join("")}</main>`,
  SEARCH_KEYS,
);

const ms = (x: number | undefined) => `${Math.round(x ?? NaN)} ms`;
console.log(`Chromium, CPU slowed down ${RATE}×, 1280×800, ${ITEMS} estate entries`);
console.log(
  `/estate full load: header ${ms(list.header)} (baseline), all ${ITEMS} entries listed and opened ${ms(list.all)}, settled ${ms(listSettled)}`,
);
console.log(
  `/estate/print full load: header ${ms(print.header)}, all ${ITEMS} rows ${ms(print.printed)}`,
);
console.log(
  `kind filter (change to frame)      ${listPage.searchText(ourFilter).replace("keys", "changes")}`,
);
console.log(`search /estate (keystroke to frame) ${listPage.searchText(ourSearch)}`);
console.log(`search bare page (baseline)        ${listPage.searchText(bare.search)}`);
listPage.printScrolls("scroll /estate", ours, bare.frames);
await close();
