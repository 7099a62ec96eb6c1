import { describe, expect, it } from "vitest";
import { BUDGET_BYTES, BUDGET_PAGES, gzippedSize, measurePages } from "../scripts/check-bundle.mjs";
import type { Response } from "playwright-core";
import { newPage, settle } from "./fixtures.js";

/**
 * The build-time budget (scripts/check-bundle.mjs, the gate) reads the manifest; this checks
 * its model against what Chromium really fetches on a first visit: the same files, and so the
 * same gzipped total.
 */
describe("JavaScript budget, measured in the browser", () => {
  const computed = measurePages();

  it.each(Object.keys(BUDGET_PAGES))("%s loads exactly the JavaScript that the build-time check counts", async (path) => {
    const page = await newPage();
    const responses: Response[] = [];
    page.on("response", (response) => {
      if (response.request().resourceType() === "script") responses.push(response);
    });
    await page.goto(path);
    await settle(page);
    const scripts = new Map<string, number>();
    for (const r of responses) scripts.set(new URL(r.url()).pathname.slice(1), gzippedSize(await r.body()));

    const expected = computed.find((c) => c.page === path);
    const measured = [...scripts.values()].reduce((a, b) => a + b, 0);
    process.stdout.write(`bundle ${path}: ${measured} bytes gzipped in Chromium, ${expected?.total} counted at build time (budget ${BUDGET_BYTES})\n`);
    expect([...scripts.keys()].sort()).toEqual(expected?.rows.map((r) => r.file).sort());
    expect(measured).toBe(expected?.total);
  });
});
