import { describe, expect, it } from "vitest";
import { BUDGET_BYTES, BUDGET_PAGES, measurePages } from "../scripts/check-bundle.mjs";
import type { Response } from "playwright-core";
import { newPage, settle } from "./fixtures.js";

/**
 * The budget is on bytes transferred (decisions 004 and 025). The build-time check
 * (scripts/check-bundle.mjs, the gate) counts the precompressed `.br` files that the manifest says a
 * first visit loads; this measures what Chromium really receives from the real server on a first
 * visit: the same files, each sent with `Content-Encoding: br`, and at most BUDGET_BYTES of body.
 */
describe("JavaScript budget, measured in the browser", () => {
  const computed = measurePages();

  it.each(Object.keys(BUDGET_PAGES))(
    "%s transfers at most 100 KB of JavaScript, brotli-encoded, as the build-time check counts",
    async (path) => {
      const page = await newPage();
      const responses: Response[] = [];
      page.on("response", (response) => {
        if (response.request().resourceType() === "script") responses.push(response);
      });
      await page.goto(path);
      await settle(page);
      const transferred = new Map<string, number>();
      let decoded = 0;
      for (const r of responses) {
        const file = new URL(r.url()).pathname.slice(1);
        expect(await r.headerValue("content-encoding"), `${file} is sent compressed`).toBe("br");
        expect(await r.headerValue("vary")).toMatch(/accept-encoding/i);
        transferred.set(file, (await r.request().sizes()).responseBodySize);
        decoded += (await r.body()).length;
      }

      const expected = computed.find((c) => c.page === path);
      const measured = [...transferred.values()].reduce((a, b) => a + b, 0);
      process.stdout.write(
        `bundle ${path}: ${measured} bytes of JavaScript transferred in Chromium (${decoded} decoded), ${expected?.total} counted at build time (budget ${BUDGET_BYTES})\n`,
      );
      expect([...transferred.keys()].sort()).toEqual(expected?.rows.map((r) => r.file).sort());
      expect(measured).toBe(expected?.total);
      expect(decoded).toBe(expected?.rawTotal);
      expect(measured).toBeLessThanOrEqual(BUDGET_BYTES);
    },
  );
});
