import { describe, expect, it } from "vitest";
import {
  buildUser,
  DESKTOP,
  expectNoAxeViolations,
  expectPath,
  newPage,
  screenshot,
  settle,
  signIn,
} from "./fixtures.js";

/** Issue 15, point 11: Privacy, Terms and Security, reached from /welcome, the footers and the app. */

const PHONE = { width: 375, height: 812 };
const PAGES = [
  { label: "Privacy", path: "/privacy", h1: "Privacy" },
  { label: "Terms", path: "/terms", h1: "Terms of use" },
  { label: "Security", path: "/security", h1: "Security" },
];

describe.each([DESKTOP, PHONE])(
  "the pages a careful person reads first, at $width px",
  (viewport) => {
    it("are linked from the landing page's footer, readable by heading and landmark, and link to each other", async () => {
      const page = await newPage(viewport);
      for (const { label, path, h1 } of PAGES) {
        await page.goto("/welcome");
        await settle(page);
        await page.getByRole("contentinfo").getByRole("link", { name: label, exact: true }).click();
        await expectPath(page, path);
        // the old screen stays until the lazy page has loaded: wait for the new h1
        await page.getByRole("heading", { level: 1, name: h1, exact: true }).waitFor();
        await settle(page);
        expect(await page.getByRole("heading", { level: 1 }).count()).toBe(1);
        expect(await page.getByRole("main").count()).toBe(1);
        expect(await page.getByRole("heading", { level: 2 }).count()).toBeGreaterThan(2);
        // at 1280 px e2e/screens.e2e.ts runs this axe check (light, then dark's colours) on each
        if (viewport.width !== DESKTOP.width) await expectNoAxeViolations(page);
        await screenshot(page, `about${path.replace("/", "-")}`);
      }
      // The Security page says what the service cannot open (decision 038).
      expect(await page.getByRole("main").textContent()).toContain(
        "The service cannot open your vault: your password never reaches it.",
      );
      // Keyboard: the skip link leads to the content.
      await page.keyboard.press("Tab");
      await page.keyboard.press("Enter");
      type Doc = { document: { activeElement: { id: string } | null } };
      const focused = await page.evaluate(
        () => (globalThis as unknown as Doc).document.activeElement?.id,
      );
      expect(focused).toBe("main");
    });

    it("are linked from the sign-in screens' footer and from the signed-in app", async () => {
      const page = await newPage(viewport);
      await page.goto("/login");
      await settle(page);
      await page.getByRole("contentinfo").getByRole("link", { name: "Terms" }).click();
      await expectPath(page, "/terms");
      const user = await buildUser();
      await signIn(page, user.email, user.password);
      await expectPath(page, "/dashboard");
      await settle(page);
      await page
        .getByRole("navigation", { name: "About Legacy Vault" })
        .getByRole("link", { name: "Security" })
        .click();
      await expectPath(page, "/security");
      await page.getByRole("heading", { level: 1, name: "Security", exact: true }).waitFor();
      await settle(page);
      await expectNoAxeViolations(page);
    });
  },
);
