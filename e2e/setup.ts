import { mkdirSync } from "node:fs";
import path from "node:path";
import { afterAll, afterEach } from "vitest";
import { closeBrowser, releaseServer, takeOpenPages } from "./fixtures.js";

const FAILURES = path.join(import.meta.dirname, "..", "test-results", "failures");

/**
 * After each journey: a screenshot of every page it left open when it failed, then the pages
 * close (but those kept for the next steps: keepForSteps); an uncaught error or console.error in
 * any of them fails the journey.
 */
afterEach(async (ctx) => {
  const pages = takeOpenPages();
  if (ctx.task.result?.state === "fail") {
    mkdirSync(FAILURES, { recursive: true });
    const name = ctx.task.name.replace(/[^a-z0-9]+/gi, "-").toLowerCase();
    // Every tab of the journey's browser contexts, also those it opened itself (a second tab).
    const tabs = [...new Set(pages.flatMap(({ page }) => page.context().pages()))];
    await Promise.all(
      tabs.map((page, i) =>
        page
          .screenshot({ path: path.join(FAILURES, `${name}-${i}.png`), fullPage: true })
          .catch(() => {}),
      ),
    );
  }
  await Promise.all(pages.filter((p) => !p.kept).map(({ page }) => page.context().close()));
  const counts = new Map<string, number>();
  for (const e of pages.flatMap((p) => p.errors)) counts.set(e, (counts.get(e) ?? 0) + 1);
  if (counts.size)
    throw new Error(
      `Unexpected errors in the browser:\n${[...counts].map(([e, n]) => (n > 1 ? `${e} (${n} times)` : e)).join("\n")}`,
    );
});

afterAll(async () => {
  await closeBrowser();
  releaseServer();
});
