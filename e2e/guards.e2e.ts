import { GUARD_MSG } from "../common/app.js";
import type { Page } from "playwright-core";
import { describe, it } from "vitest";
import {
  buildUser,
  expectNoAxeViolations,
  expectPath,
  expectText,
  keepForSteps,
  newPage,
  settle,
  signIn,
} from "./fixtures.js";

describe("route guards", () => {
  it("sends a signed-out visitor from / and /index to /welcome", async () => {
    const page = await newPage();
    for (const path of ["/", "/index"]) {
      await page.goto(path);
      await expectPath(page, "/welcome");
    }
    await settle(page);
    await expectNoAxeViolations(page);
  });

  describe("one person, signed in once", () => {
    /**
     * One person, signed in once (each sign-in costs a key derivation and page loads), through the
     * signed-in guards: the sign-in that sends them back is the first step.
     */
    let page: Page;

    it("sends a signed-out visitor to /login and, after sign-in, back where they were going", async () => {
      const user = await buildUser();
      page = keepForSteps(await newPage());
      await page.goto("/dashboard");
      await expectPath(page, "/login");
      await page.goto("/profile/security");
      await expectPath(page, "/login");
      await signIn(page, user.email, user.password);
      await expectPath(page, "/profile/security");
    });

    it("sends a signed-in visitor of /login and /register to /dashboard", async () => {
      for (const path of ["/login", "/register"]) {
        await page.goto(path);
        await expectPath(page, "/dashboard");
      }
    });

    it("tells a regular_user that /staff is not for them and goes to /dashboard", async () => {
      await page.goto("/staff");
      await expectText(page, GUARD_MSG.manageStaff); // the spec's own words (issue 16 point 10)
      await expectPath(page, "/dashboard");
      await settle(page);
      await expectNoAxeViolations(page);
    });
  });

  it("shows 'Page not found' for an unknown path, with a way home", async () => {
    const page = await newPage();
    await page.goto("/no-such-page");
    await expectText(page, "Page not found");
    await settle(page);
    await expectNoAxeViolations(page);
    await page.getByRole("link", { name: "Return to Home" }).click();
    await expectPath(page, "/welcome");
  });
});
