import { describe, expect, it } from "vitest";
import { KEYS_MSG } from "../common/keys.js";
import {
  expectNoAxeViolations,
  expectPath,
  expectText,
  MOBILE,
  newPage,
  openPath,
  screenshot,
  settle,
  signIn,
  waitForOpenVault,
} from "./fixtures.js";
import { readRecoveryKey, registerWithKit, resetLinkFor } from "./recovery-kit-setup.js";

/** The profile's "Recovery kit" card (decision 038): a new kit replaces the old one, which then opens nothing. */

describe("recovery kit on the profile", () => {
  it("makes a new recovery kit after a confirmation; the old key stops working, the new one opens the vault", async () => {
    const page = await newPage(MOBILE);
    const { user, recoveryKey } = await registerWithKit(page, { name: "Nina Newkit" });
    await signIn(page, user.email, user.password);
    await expectPath(page, "/dashboard");
    await waitForOpenVault(page);
    await openPath(page, "/profile/keys");

    await page.getByRole("heading", { name: "Recovery kit", level: 2 }).waitFor();
    const card = page.getByRole("main");
    await expectText(card, "You have a recovery kit");
    await expectText(card, "Made", { exact: true });
    await expectNoAxeViolations(page);
    await card.getByRole("button", { name: "Make a new recovery kit" }).click();

    const dialog = page.getByRole("alertdialog");
    await expectText(dialog, "Your current recovery key stops working at once");
    await expectNoAxeViolations(page);
    // Cancel changes nothing.
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await dialog.waitFor({ state: "hidden" });
    await card.getByRole("button", { name: "Make a new recovery kit" }).click();
    await dialog.getByRole("button", { name: "Make a new kit" }).click();
    await dialog.waitFor({ state: "hidden" });

    const newKey = await readRecoveryKey(page);
    expect(newKey).not.toBe(recoveryKey);
    await expectNoAxeViolations(page);
    await screenshot(page, "profile-new-recovery-kit");
    await page.emulateMedia({ media: "print" });
    await expectText(page, "Legacy Vault recovery kit");
    await expectText(page, `For the account: ${user.email}`);
    await page.emulateMedia({ media: "screen" });
    await page.getByRole("button", { name: "I have saved it" }).click();
    await card.getByRole("button", { name: "Make a new recovery kit" }).waitFor();

    // On the reset page: the old key opens nothing, the new one opens the vault.
    const reset = await newPage();
    await reset.goto(await resetLinkFor(user.email));
    await settle(reset);
    const field = reset.getByLabel("Recovery key");
    await field.fill(recoveryKey);
    await reset.getByRole("button", { name: "Continue" }).click();
    await expectText(reset, KEYS_MSG.wrongRecoveryKey);
    await field.fill(newKey);
    await reset.getByRole("button", { name: "Continue" }).click();
    await expectText(reset, "Your recovery key opened your vault");
  });
});
