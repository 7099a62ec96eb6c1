import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { PASSWORD_MSG } from "../common/assets/passwords.js";
import {
  addBeneficiary,
  DAY,
  handOverAccessKey,
  portalSignIn,
  releaseView,
} from "./release-setup.js";
import {
  advanceReleaseClock,
  apiAsUser,
  buildUser,
  checkLightAndDark,
  expectText,
  latestMailTo,
  openPath,
  settle,
  signedInPage,
  uniqueEmail,
} from "./fixtures.js";
import { chooseBeneficiaries } from "./beneficiary-picker.js";

/**
 * Issue 16 point 7, second half (docs/decisions/053): an item left to two people. The owner ticks
 * both in the picker (by keyboard), each gets their own access key, and after the release each
 * one's portal opens the item with their own code and key; what is left to one alone stays theirs.
 */
describe("an item left to two people", () => {
  it("reaches both, each opening it with their own access key; the other's item does not", async () => {
    const owner = await buildUser({ name: "Olive Owner" });
    const page = await signedInPage(owner);
    const emma = { name: "Emma Stone", email: uniqueEmail("emma") };
    const sam = { name: "Sam Small", email: uniqueEmail("sam") };
    await addBeneficiary(page, emma.name, emma.email);
    await addBeneficiary(page, sam.name, sam.email);

    // The picker by keyboard: each person is a checkbox that Space ticks.
    const secret = `Shared-${randomUUID()}`;
    await openPath(page, "/vault/new");
    await page.getByLabel("Title").fill("Family bank");
    await page.getByLabel("Username").fill("olive");
    await page.getByLabel("Password", { exact: true }).fill(secret);
    const picker = page.getByRole("group", { name: "Beneficiaries (Optional)" });
    for (const who of [emma, sam]) {
      await picker.getByRole("checkbox", { name: who.email }).focus();
      await page.keyboard.press("Space");
    }
    expect(await picker.getByRole("checkbox", { name: emma.email }).isChecked()).toBe(true);
    expect(await picker.getByRole("checkbox", { name: sam.email }).isChecked()).toBe(true);
    await checkLightAndDark(page, "many-beneficiaries-picker", { part: picker });
    await page.getByRole("button", { name: "Save Password" }).click();
    await expectText(page, PASSWORD_MSG.saved);
    await page.waitForURL((url) => /^\/vault\/[0-9a-f-]{36}$/.test(url.pathname));
    await expectText(page, emma.name);
    await expectText(page, sam.name);
    await checkLightAndDark(page, "many-beneficiaries-item");

    // One item for Sam alone.
    await openPath(page, "/vault/new");
    await page.getByLabel("Title").fill("Sam's bike lock");
    await page.getByLabel("Password", { exact: true }).fill("Bike-Lock-4411");
    await chooseBeneficiaries(page, [sam.email]);
    await page.getByRole("button", { name: "Save Password" }).click();
    await expectText(page, PASSWORD_MSG.saved);

    // Emma's page: the shared item, and who else receives it.
    await openPath(page, "/beneficiaries");
    await page.getByRole("link", { name: emma.name, exact: true }).click();
    const receive = page.getByRole("list", { name: "What Emma will receive" });
    await receive.waitFor();
    expect(await receive.getByRole("link").allInnerTexts()).toEqual(["Family bank"]);
    await expectText(receive, `Also left to ${sam.name}`);
    await checkLightAndDark(page, "many-beneficiaries-beneficiary-page");

    const emmaLink = await handOverAccessKey(page, emma.email);
    const samLink = await handOverAccessKey(page, sam.email);
    expect(emmaLink).not.toBe(samLink);

    // The release: inactivity, the wait, then both are written to.
    const plan = { inactivityMonths: 3, waitDays: 1 };
    expect((await apiAsUser(page, "PUT", "/api/release/plan", plan)).status).toBe(200);
    const endsAt = new Date((await releaseView(page)).plan.inactivityEndsAt ?? "").getTime();
    const { now } = await advanceReleaseClock(0);
    await advanceReleaseClock(endsAt - new Date(now).getTime() + 60_000);
    await advanceReleaseClock(DAY + 60_000);
    expect((await releaseView(page)).state).toBe("released");

    for (const [who, link, titles] of [
      [emma, emmaLink, ["Family bank"]],
      [sam, samLink, ["Family bank", "Sam's bike lock"]],
    ] as const) {
      const releaseMail = await latestMailTo(who.email, { subject: /has left you something/ });
      const portal = await portalSignIn({ email: who.email, releaseMail, accessLink: link });
      const items = portal.getByRole("link", { name: /Family bank|Sam's bike lock/ });
      await items.first().waitFor();
      expect((await items.allInnerTexts()).map((t) => t.trim()).sort()).toEqual([...titles]);
      await portal.getByRole("link", { name: "Family bank" }).click();
      await portal.getByRole("button", { name: "Show password" }).click();
      await expectText(portal, secret);
      await settle(portal);
      await checkLightAndDark(portal, `many-beneficiaries-portal-${who === emma ? "emma" : "sam"}`);
    }
  });
});
