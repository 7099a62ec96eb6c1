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
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import path from "node:path";
import type { Locator, Page } from "playwright-core";
import { ESTATE_CATEGORIES, type EstateCategory } from "../../common/assets/estate.js";
import { estateCsv } from "../../common/assets/estate-csv.js";
import { launchBrowser } from "../../e2e/chromium.js";
import { WEB_DIST } from "../../server/paths.js";
import { freePort, GOOD_PASSWORD } from "../../test/harness.js";
import { ServerProcess } from "../../test/server-process.js";

const ITEMS = Number(process.argv[2] ?? 2000);
const RATE = Number(process.argv[3] ?? 4);
const SCROLL_PX_PER_S = 3000;
if (!existsSync(path.join(WEB_DIST, "index.html"))) throw new Error("run `npm run build` first");

const dataDir = mkdtempSync(path.join(tmpdir(), "lv-estate-list-"));
const port = await freePort();
const server = new ServerProcess(port, {
  APP_URL: `http://localhost:${port}`,
  DATA_DIR: dataDir,
  VAULT_MASTER_KEY: randomBytes(32).toString("base64"),
});
// A failed run (an error thrown below) must not leave its server running under the next run.
process.on("exit", () => {
  server.kill("SIGTERM");
  rmSync(dataDir, { recursive: true, force: true });
});
await server.waitUntilListening(240_000); // a loaded machine starts PGlite slowly
const email = `estate-list-${randomBytes(4).toString("hex")}@example.com`;
const expectOk = async (res: Response, what: string) => {
  if (!res.ok) throw new Error(`${what}: ${res.status} ${await res.text()}`);
};
await expectOk(
  await fetch(`${server.baseUrl}/api/register`, {
    method: "POST",
    headers: { origin: server.origin, "content-type": "application/json" },
    body: JSON.stringify({ name: "Bench User", email, password: GOOD_PASSWORD }),
  }),
  "register",
);
const mailbox = await server.json<{ messages: { to: string; text: string }[] }>(
  "GET",
  "/dev/mailbox.json",
);
const link = /https?:\/\/\S*\/auth\/callback\S*/.exec(
  mailbox.body.messages.find((m) => m.to === email)?.text ?? "",
)?.[0];
if (!link) throw new Error("no confirmation link");
await expectOk(
  await fetch(
    `${server.baseUrl}/api/auth/verify-email?token=${new URL(link).searchParams.get("code")}`,
  ),
  "confirm",
);

const browser = await launchBrowser();
const context = await browser.newContext({
  baseURL: server.origin,
  viewport: { width: 1280, height: 800 },
  bypassCSP: !!process.env.TRY_CSS, // TRY_CSS adds inline styles, which the app's CSP refuses
});
const page = await context.newPage();
page.setDefaultTimeout(120_000);

// Sign in, a beneficiary, and the import (not slowed down: the set-up, not what is measured).
await page.goto("/login");
await page.getByLabel("Email", { exact: true }).fill(email);
await page.getByLabel("Password", { exact: true }).fill(GOOD_PASSWORD);
await page.getByRole("button", { name: /^sign in$/i }).click();
await page.waitForURL((url) => url.pathname === "/dashboard");
await page.waitForFunction(
  () => (globalThis as unknown as PageGlobals).sessionStorage.getItem("lv.vault") !== null,
);
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

/** The page's globals, for the functions that run there (page.evaluate): the scripts' tsconfig has no DOM types. */
type PageGlobals = {
  document: {
    scrollingElement: { scrollTop: number; scrollHeight: number } | null;
    documentElement: { scrollTop: number; scrollHeight: number };
    querySelectorAll(selector: string): { length: number };
  };
  innerHeight: number;
  requestAnimationFrame(callback: (now: number) => void): number;
  sessionStorage: { getItem(key: string): string | null };
};

type Work = { task: number; script: number; style: number; layout: number };
type Frames = {
  fps: number;
  p95: number;
  max: number;
  slow: number;
  count: number;
  /** The page's main-thread work per 1,000 px scrolled, ms (Chromium's Performance metrics). */
  work: Work;
};
/** The page's main-thread work so far (Chromium's Performance domain), in ms. */
const workSoFar = async (): Promise<Work> => {
  const { metrics } = await cdp.send("Performance.getMetrics");
  const ms = (name: string) => 1000 * (metrics.find((m) => m.name === name)?.value ?? NaN);
  return {
    task: ms("TaskDuration"),
    script: ms("ScriptDuration"),
    style: ms("RecalcStyleDuration"),
    layout: ms("LayoutDuration"),
  };
};
const workText = (w: Work) =>
  `main-thread work per 1,000 px: ${w.task.toFixed(0)} ms (script ${w.script.toFixed(0)}, style ${w.style.toFixed(0)}, layout ${w.layout.toFixed(0)})`;
/**
 * Scrolls the page from top to bottom at a steady speed: the intervals between frames, and the
 * main thread's work per 1,000 px (less noisy than the frame rate on a loaded machine).
 */
const scrollFrames = async (p: Page): Promise<Frames> => {
  const before = await workSoFar();
  const frames = await scrollOnly(p);
  const after = await workSoFar();
  const per1000 = (key: keyof Work) => ((after[key] - before[key]) * 1000) / frames.px;
  return {
    ...frames,
    work: {
      task: per1000("task"),
      script: per1000("script"),
      style: per1000("style"),
      layout: per1000("layout"),
    },
  };
};
/** The scroll itself, in the page: the intervals between frames, and how far it went (px). */
const scrollOnly = async (p: Page) => {
  // tsx names the functions it compiles with a helper the page does not have.
  await p.evaluate("globalThis.__name = (f) => f");
  return p.evaluate(async (pxPerS) => {
    const w = globalThis as unknown as PageGlobals; // its methods called on it (`this`)
    const root = w.document.scrollingElement ?? w.document.documentElement;
    root.scrollTop = 0;
    await new Promise((r) => w.requestAnimationFrame(() => w.requestAnimationFrame(r)));
    const gaps: number[] = [];
    await new Promise<void>((done) => {
      const start = performance.now();
      let last = start;
      const step = (now: number) => {
        gaps.push(now - last);
        last = now;
        const bottom = root.scrollHeight - w.innerHeight; // may change as rows render
        root.scrollTop = Math.min(bottom, ((now - start) / 1000) * pxPerS);
        if (root.scrollTop >= bottom - 1 || now - start > 60_000) done();
        else w.requestAnimationFrame(step);
      };
      w.requestAnimationFrame(step);
    });
    gaps.shift(); // the first is from before the scroll
    const sorted = [...gaps].sort((a, b) => a - b);
    const total = gaps.reduce((a, b) => a + b, 0);
    return {
      fps: (gaps.length * 1000) / total,
      p95: sorted[Math.floor(sorted.length * 0.95)] ?? NaN,
      max: sorted.at(-1) ?? NaN,
      slow: gaps.filter((g) => g > 25).length,
      count: gaps.length,
      px: root.scrollTop,
    };
  }, SCROLL_PX_PER_S);
};

/**
 * When the page has finished its work: 300 frames in a row under 20 ms. The page's clock, in ms.
 */
const settled = async (p: Page) => {
  await p.evaluate("globalThis.__name = (f) => f"); // tsx's helper, as in scrollFrames
  return p.evaluate(
    () =>
      new Promise<number>((resolve, reject) => {
        const w = globalThis as unknown as {
          requestAnimationFrame(callback: (now: number) => void): number;
        };
        let last = 0;
        let smooth = 0;
        const start = performance.now();
        const step = (now: number) => {
          smooth = last && now - last < 20 ? smooth + 1 : 0;
          last = now;
          if (smooth >= 300) resolve(now);
          else if (now - start > 120_000) reject(new Error("the page never settled"));
          else w.requestAnimationFrame(step);
        };
        w.requestAnimationFrame(step);
      }),
  );
};

/** The keys typed into a search box, one sample each: a query that narrows, then cleared. */
const SEARCH_KEYS = [..."bank 12", ..."Backspace ".repeat(7).trim().split(" ")];
/**
 * Search latency: from each keystroke (its keydown's time stamp) to the frame after the page has
 * handled it (the list filtered and rendered: the input's handlers and React's render run in the
 * key's own task), read in the page as the message after the next animation frame, as INP reads
 * an interaction. In ms, one per key of SEARCH_KEYS.
 */
const searchLatencies = async (p: Page, box: Locator): Promise<number[]> => {
  await p.evaluate("globalThis.__name = (f) => f"); // tsx's helper, as in scrollFrames
  await p.evaluate(() => {
    const w = globalThis as unknown as KeyGlobals;
    w.__keys = [];
    w.addEventListener(
      "keydown",
      (e) => {
        const at = e.timeStamp;
        w.requestAnimationFrame(() => {
          const channel = new w.MessageChannel();
          channel.port1.onmessage = () => w.__keys.push(performance.now() - at);
          channel.port2.postMessage(0);
        });
      },
      true,
    );
  });
  await box.click();
  for (const [i, key] of SEARCH_KEYS.entries()) {
    await p.keyboard.press(key);
    await p.waitForFunction((n) => (globalThis as unknown as KeyGlobals).__keys.length >= n, i + 1);
  }
  return p.evaluate(() => (globalThis as unknown as KeyGlobals).__keys);
};
type KeyGlobals = {
  __keys: number[];
  addEventListener(type: string, f: (e: { timeStamp: number }) => void, capture: boolean): void;
  requestAnimationFrame(callback: (now: number) => void): number;
  MessageChannel: new () => {
    port1: { onmessage: (() => void) | null };
    port2: { postMessage(m: unknown): void };
  };
};
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;
const searchText = (xs: number[]) =>
  `median ${median(xs).toFixed(0)} ms, longest ${Math.max(...xs).toFixed(0)} ms (${xs.length} keys)`;

const cdp = await context.newCDPSession(page);
await cdp.send("Emulation.setCPUThrottlingRate", { rate: RATE });
await cdp.send("Performance.enable");

// A full load of /estate (as after a reload) and of /estate/print, timed in the page: the frame
// after the header, and after every entry is listed with its organisation opened (the contents
// decrypted), from the navigation's start.
await page.addInitScript(`(() => {
  const marks = (window.__estateMarks = {});
  const mark = (name) => requestAnimationFrame(() => (marks[name] ??= performance.now()));
  new MutationObserver(() => {
    if (!marks.header && document.querySelector("h1")?.textContent?.includes("Estate inventory")) mark("header");
    const listed = document.querySelectorAll("main section ul > li").length;
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
const listSettled = await settled(page);

/** The kind filter: from the select's change to the frame after the page handled it, in ms. */
const filterLatencies = async (p: Page): Promise<number[]> => {
  await p.evaluate("globalThis.__name = (f) => f");
  const out: number[] = [];
  for (const value of ["pension", "vehicle", "subscription", "bank", "device", ""]) {
    const ms = await p.evaluate((v) => {
      const w = globalThis as unknown as {
        document: { querySelector(s: string): { value: string; dispatchEvent(e: unknown): void } };
        requestAnimationFrame(f: () => void): void;
        MessageChannel: KeyGlobals["MessageChannel"];
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
const ourSearch = await searchLatencies(
  page,
  page.getByRole("searchbox", { name: "Search the inventory" }),
);
await page.getByRole("searchbox", { name: "Search the inventory" }).fill("");
await settled(page);
const ours = await scrollFrames(page);

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
await page.goto("about:blank");
await page.setContent(
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
);
await page.waitForTimeout(500);
const bare = await scrollFrames(page);
await page.evaluate(() => {
  const d = (globalThis as unknown as { document: BareDocument }).document;
  const input = d.createElement("input");
  input.type = "search";
  input.setAttribute("aria-label", "Search");
  input.addEventListener("input", () => {
    const q = input.value.toLowerCase();
    for (const li of d.querySelectorAll("li"))
      li.hidden = !li.textContent.toLowerCase().includes(q);
  });
  d.body.prepend(input);
});
const bareSearch = await searchLatencies(page, page.getByRole("searchbox", { name: "Search" }));
type BareDocument = {
  createElement(tag: "input"): {
    type: string;
    value: string;
    setAttribute(name: string, value: string): void;
    addEventListener(type: string, f: () => void): void;
  };
  querySelectorAll(s: "li"): Iterable<{ hidden: boolean; textContent: string }>;
  body: { prepend(node: unknown): void };
};

const line = (name: string, f: Frames) => {
  console.log(
    `${name.padEnd(26)} ${f.fps.toFixed(1).padStart(5)} fps  p95 frame ${f.p95.toFixed(1).padStart(5)} ms  longest ${f.max.toFixed(1).padStart(6)} ms  frames > 25 ms: ${f.slow} of ${f.count}`,
  );
  console.log(`${"".padEnd(26)} ${workText(f.work)}`);
};
const ms = (x: number | undefined) => `${Math.round(x ?? NaN)} ms`;
console.log(`Chromium, CPU slowed down ${RATE}×, 1280×800, ${ITEMS} estate entries`);
console.log(
  `/estate full load: header ${ms(list.header)} (baseline), all ${ITEMS} entries listed and opened ${ms(list.all)}, settled ${ms(listSettled)}`,
);
console.log(
  `/estate/print full load: header ${ms(print.header)}, all ${ITEMS} rows ${ms(print.printed)}`,
);
console.log(
  `kind filter (change to frame)      ${searchText(ourFilter).replace("keys", "changes")}`,
);
console.log(`search /estate (keystroke to frame) ${searchText(ourSearch)}`);
console.log(`search bare page (baseline)        ${searchText(bareSearch)}`);
line("scroll /estate", ours);
line("scroll bare page (baseline)", bare);
console.log(
  `load average ${loadavg()
    .map((l) => l.toFixed(2))
    .join(" ")}`,
);
await browser.close();
server.kill("SIGTERM");
await server.exited;
rmSync(dataDir, { recursive: true, force: true });
