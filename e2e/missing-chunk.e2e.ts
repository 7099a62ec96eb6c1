import { describe, expect, it } from "vitest";
import { APP_MSG } from "../common/app.js";
import { allowFailedLoads, checkLightAndDark, expectText, newPage } from "./fixtures.js";

/**
 * After a deploy, a tab opened before it asks for a screen's chunk that is gone (404): it reloads
 * once (web/src/app/lazy-screen.ts), and when the chunk is still missing says so, with a Reload
 * button, instead of an endless "Loading..." or a loop of reloads.
 */
describe("a screen's script missing after a deploy", () => {
  it("reloads once, then shows the error screen; Reload brings the screen once the chunk is back", async () => {
    const page = await newPage();
    // The /reset-password screen's own chunk (not a prerendered page: its script is lazy).
    const chunk = /\/assets\/reset-password-[\w-]+\.js$/;
    allowFailedLoads(page, chunk);
    await page.route(chunk, (route) => route.fulfill({ status: 404, body: "Not Found" }));
    let documentLoads = 0;
    page.on("request", (r) => {
      if (r.resourceType() === "document" && r.frame() === page.mainFrame()) documentLoads++;
    });

    await page.goto("/reset-password", { waitUntil: "commit" });
    const heading = page.getByRole("heading", { level: 1, name: APP_MSG.screenLoadFailedTitle });
    await heading.waitFor({ timeout: 20_000 });
    await expectText(page, APP_MSG.screenLoadFailed);
    expect(documentLoads).toBe(2); // the visit and the one reload
    const tried = await page.evaluate(
      (key) =>
        (
          globalThis as unknown as { sessionStorage: { getItem(k: string): string | null } }
        ).sessionStorage.getItem(key),
      "lv.chunkReload", // web/src/app/missing-chunk.ts, CHUNK_RELOAD_KEY
    );
    expect(Number(tried)).toBeGreaterThan(0);
    await checkLightAndDark(page, "missing-chunk");
    expect(documentLoads).toBe(2); // no loop while the error shows

    // The new build's chunk is there: Reload brings the screen.
    await page.unroute(chunk);
    await page.getByRole("button", { name: "Reload" }).click();
    await expectText(page.getByRole("heading", { level: 1 }), "Reset your password");
    expect(documentLoads).toBe(3);
  });
});
