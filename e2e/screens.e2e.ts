import { describe, it } from "vitest";
import type { Page } from "playwright-core";
import {
  buildUser,
  DESKTOP,
  expectNoAxeViolations,
  expectPath,
  MOBILE,
  newPage,
  screenshot,
  settle,
  signIn,
} from "./fixtures.js";

/** Every screen of the access area, signed out, at desktop and phone widths: axe, then a screenshot for a human to look at. */
const PUBLIC_SCREENS = [
  { name: "welcome", path: "/welcome" },
  { name: "login", path: "/login" },
  { name: "register", path: "/register" },
  { name: "reset-password", path: "/reset-password" },
  { name: "update-password", path: "/update-password?token=screenshot" },
  { name: "not-found", path: "/no-such-page" },
  { name: "privacy", path: "/privacy" },
  { name: "terms", path: "/terms" },
  { name: "security", path: "/security" },
];
const SIGNED_IN_SCREENS = [
  { name: "dashboard", path: "/dashboard" },
  { name: "profile", path: "/profile" },
  { name: "firm-new", path: "/firm/new" },
];

async function check(page: Page, name: string, path: string) {
  await page.goto(path);
  await expectPath(page, new URL(path, "http://x").pathname);
  await settle(page);
  await expectNoAxeViolations(page);
  await screenshot(page, name);
}

describe.each([DESKTOP, MOBILE])("screens at $width px", (viewport) => {
  it.each(PUBLIC_SCREENS)("$path is accessible", async ({ name, path }) => {
    await check(await newPage(viewport), name, path);
  });

  it("the signed-in screens are accessible", async () => {
    const user = await buildUser({ name: "Grace Hopper" });
    const page = await newPage(viewport);
    await signIn(page, user.email, user.password);
    await expectPath(page, "/dashboard");
    for (const { name, path } of SIGNED_IN_SCREENS) await check(page, name, path);
  });
});
