import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { AxeResults, Result } from "axe-core";
import type { Page } from "playwright-core";

const AXE_SOURCE = readFileSync(
  createRequire(import.meta.url).resolve("axe-core/axe.min.js"),
  "utf8",
);
const TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];
/**
 * The rules of those tags whose outcome depends on colours alone: a page's other look (its dark
 * scheme, at the same width) has the same elements, names and structure, so checkLightAndDark
 * runs only these there (decision 104).
 */
const COLOUR_RULES = ["color-contrast", "link-in-text-block"];
const BLOCKING = new Set(["serious", "critical"]);

type Animation = {
  finished: Promise<unknown>;
  effect: { getTiming(): { iterations?: number } } | null;
};

/** The page's globals that matter here (the server's TypeScript has no DOM types): axe.min.js defines `axe`. */
type PageGlobals = {
  requestAnimationFrame(callback: () => void): number;
  document: { getAnimations(): Animation[] };
  axe?: {
    run(
      context: unknown,
      options: { runOnly: { type: "tag" | "rule"; values: string[] }; resultTypes: ["violations"] },
    ): Promise<AxeResults>;
  };
};

/** Waits until the page's finite animations and transitions have ended (spinners go on). */
export async function animationsEnded(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const g = globalThis as unknown as PageGlobals;
    // Two frames first: a change just made (a colour scheme, a size) starts its transitions only then.
    await new Promise<void>((r) =>
      g.requestAnimationFrame(() => g.requestAnimationFrame(() => r())),
    );
    const running = g.document.getAnimations();
    const ending = running.filter((a) => a.effect?.getTiming().iterations !== Infinity); // not spinners
    await Promise.all(ending.map((a) => a.finished.catch(() => {})));
  });
}

/** How many animations that never end (a spinner, the progress bar's slide) run in the page. */
export function endlessAnimations(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      (globalThis as unknown as PageGlobals).document
        .getAnimations()
        .filter((a) => a.effect?.getTiming().iterations === Infinity).length,
  );
}

/**
 * Runs axe-core (WCAG 2.0/2.1 A and AA, 2.2 AA) on the page once its transitions have ended (a
 * fading toast, colours changing with the theme: axe would measure half-way colours), and fails
 * on any serious or critical violation, listing each rule, its help link and the offending elements.
 */
export async function expectNoAxeViolations(
  page: Page,
  options: { coloursOnly?: boolean } = {},
): Promise<void> {
  await animationsEnded(page);
  // The app's CSP (script-src 'self') refuses an injected <script> tag, so the source is evaluated
  // through the DevTools protocol instead; that is what addScriptTag would do without a CSP.
  if (!(await page.evaluate(() => "axe" in globalThis))) await page.evaluate(AXE_SOURCE);
  const runOnly = options.coloursOnly
    ? { type: "rule" as const, values: COLOUR_RULES }
    : { type: "tag" as const, values: TAGS };
  const results = await page.evaluate((only) => {
    const g = globalThis as unknown as PageGlobals;
    if (!g.axe) throw new Error("axe-core did not load");
    // resultTypes: axe details only the violations (passes are counted, not collected): faster
    return g.axe.run(g.document, { runOnly: only, resultTypes: ["violations"] });
  }, runOnly);
  const blocking = results.violations.filter((v) => BLOCKING.has(v.impact ?? ""));
  if (blocking.length)
    throw new Error(
      `Accessibility violations on ${new URL(page.url()).pathname} (${page.viewportSize()?.width} px wide):\n${format(blocking)}`,
    );
}

function format(violations: Result[]): string {
  return violations
    .map((v) => {
      const nodes = v.nodes.map(
        (n) =>
          `      ${n.target.join(" ")}\n        ${n.html.slice(0, 200)}\n        ${(n.failureSummary ?? "").replace(/\n/g, "\n        ")}`,
      );
      return `  [${v.impact}] ${v.id}: ${v.help}\n    ${v.helpUrl}\n${nodes.join("\n")}`;
    })
    .join("\n");
}
