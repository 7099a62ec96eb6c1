import { GUARD_MSG } from "../common/app.js";
import { describe, it } from "vitest";
import {
  buildUser,
  expectNoAxeViolations,
  expectPath,
  expectText,
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

  it("sends a signed-out visitor to /login and, after sign-in, back where they were going", async () => {
    const user = await buildUser();
    const page = await newPage();
    await page.goto("/dashboard");
    await expectPath(page, "/login");
    await page.goto("/profile/security");
    await expectPath(page, "/login");
    await signIn(page, user.email, user.password);
    await expectPath(page, "/profile/security");
  });

  it("sends a signed-in visitor of /login and /register to /dashboard", async () => {
    const user = await buildUser();
    const page = await newPage();
    await signIn(page, user.email, user.password);
    await expectPath(page, "/dashboard");
    for (const path of ["/login", "/register"]) {
      await page.goto(path);
      await expectPath(page, "/dashboard");
    }
  });

  it("tells a regular_user that /staff is not for them and goes to /dashboard", async () => {
    const user = await buildUser();
    const page = await newPage();
    await signIn(page, user.email, user.password);
    await expectPath(page, "/dashboard");
    await page.goto("/staff");
    await expectText(page, GUARD_MSG.manageStaff); // the spec's own words (issue 16 point 10)
    await expectPath(page, "/dashboard");
    await settle(page);
    await expectNoAxeViolations(page);
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
