/**
 * What scripts/bench/vault-list.ts and estate-list.ts measure alike on a long list in Chromium,
 * its CPU slowed down: a steady scroll's frames and main-thread work, when the page has settled,
 * each search keystroke to the frame after it, the bare page they are compared with (the
 * baseline), and the lines that print the scrolls. One copy, so the two screens' figures stay
 * comparable.
 */
import { loadavg } from "node:os";
import type { BrowserContext, CDPSession, Locator, Page } from "playwright-core";

const SCROLL_PX_PER_S = 3000;

/** The page's globals, for the functions that run there (page.evaluate): the scripts' tsconfig has no DOM types. */
type PageGlobals = {
  document: {
    scrollingElement: { scrollTop: number; scrollHeight: number } | null;
    documentElement: { scrollTop: number; scrollHeight: number };
    querySelectorAll(selector: string): { length: number };
  };
  innerHeight: number;
  requestAnimationFrame(callback: (now: number) => void): number;
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

/** Slows the page's CPU down RATE times and starts the Performance metrics scrollFrames reads. */
export const throttle = async (context: BrowserContext, page: Page, rate: number) => {
  const cdp = await context.newCDPSession(page);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate });
  await cdp.send("Performance.enable");
  return cdp;
};

/** The page's main-thread work so far (Chromium's Performance domain), in ms. */
const workSoFar = async (cdp: CDPSession): Promise<Work> => {
  const { metrics } = await cdp.send("Performance.getMetrics");
  const ms = (name: string) => 1000 * (metrics.find((m) => m.name === name)?.value ?? NaN);
  return {
    task: ms("TaskDuration"),
    script: ms("ScriptDuration"),
    style: ms("RecalcStyleDuration"),
    layout: ms("LayoutDuration"),
  };
};
export const workText = (w: Work) =>
  `main-thread work per 1,000 px: ${w.task.toFixed(0)} ms (script ${w.script.toFixed(0)}, style ${w.style.toFixed(0)}, layout ${w.layout.toFixed(0)})`;
/**
 * Scrolls the page from top to bottom at a steady speed: the intervals between frames, and the
 * main thread's work per 1,000 px (less noisy than the frame rate on a loaded machine).
 */
export const scrollFrames = async (p: Page, cdp: CDPSession): Promise<Frames> => {
  const before = await workSoFar(cdp);
  const frames = await scrollOnly(p);
  const after = await workSoFar(cdp);
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
 * When the page has finished its work (the vault rates the passwords' strength in slices after
 * decryption): 300 frames in a row under 20 ms (5 s; 90 could fall in a pause of the rating, and
 * one run then scrolled while it still ran). The page's clock, in ms.
 */
export const settled = async (p: Page) => {
  await p.evaluate("globalThis.__name = (f) => f"); // tsx's helper, as in scrollOnly
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

/** The keys typed into a search box, one sample each: the query, then as many Backspaces. */
export const searchKeys = (query: string) => [
  ...query,
  ..."Backspace ".repeat(query.length).trim().split(" "),
];
/**
 * Search latency: from each keystroke (its keydown's time stamp) to the frame after the page has
 * handled it (the list filtered and rendered: the input's handlers and React's render run in the
 * key's own task), read in the page as the message after the next animation frame, as INP reads
 * an interaction. In ms, one per key.
 */
export const searchLatencies = async (p: Page, box: Locator, keys: string[]): Promise<number[]> => {
  await p.evaluate("globalThis.__name = (f) => f"); // tsx's helper, as in scrollOnly
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
  for (const [i, key] of keys.entries()) {
    await p.keyboard.press(key);
    await p.waitForFunction((n) => (globalThis as unknown as KeyGlobals).__keys.length >= n, i + 1);
  }
  return p.evaluate(() => (globalThis as unknown as KeyGlobals).__keys);
};
export type KeyGlobals = {
  __keys: number[];
  addEventListener(type: string, f: (e: { timeStamp: number }) => void, capture: boolean): void;
  requestAnimationFrame(callback: (now: number) => void): number;
  MessageChannel: new () => {
    port1: { onmessage: (() => void) | null };
    port2: { postMessage(m: unknown): void };
  };
};
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;
export const searchText = (xs: number[]) =>
  `median ${median(xs).toFixed(0)} ms, longest ${Math.max(...xs).toFixed(0)} ms (${xs.length} keys)`;

/**
 * The bare page (the baseline): HTML with no app and no stylesheet, scrolled as the app's screen,
 * then searched through an input above its rows that hides those not matching, in its own handler.
 */
export const bareBaseline = async (p: Page, cdp: CDPSession, html: string, keys: string[]) => {
  await p.goto("about:blank");
  await p.setContent(html);
  await p.waitForTimeout(500);
  const frames = await scrollFrames(p, cdp);
  await p.evaluate(() => {
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
  const search = await searchLatencies(p, p.getByRole("searchbox", { name: "Search" }), keys);
  return { frames, search };
};
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

/** The last lines: the screen's scroll and the bare page's, then how loaded the machine was. */
export const printScrolls = (name: string, ours: Frames, bare: Frames) => {
  printFrames(name, ours);
  printFrames("scroll bare page (baseline)", bare);
  console.log(
    `load average ${loadavg()
      .map((l) => l.toFixed(2))
      .join(" ")}`,
  );
};
/** A scroll's two lines: its frames, then its main-thread work. */
const printFrames = (name: string, f: Frames) => {
  console.log(
    `${name.padEnd(26)} ${f.fps.toFixed(1).padStart(5)} fps  p95 frame ${f.p95.toFixed(1).padStart(5)} ms  longest ${f.max.toFixed(1).padStart(6)} ms  frames > 25 ms: ${f.slow} of ${f.count}`,
  );
  console.log(`${"".padEnd(26)} ${workText(f.work)}`);
};
