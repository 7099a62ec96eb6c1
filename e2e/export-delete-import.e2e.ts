import { chooseBeneficiaries } from "./beneficiary-picker.js";
import { readFile } from "node:fs/promises";
import { unzipSync } from "fflate";
import { describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { ACCOUNT_DELETION_GRACE_DAYS } from "../common/account-deletion.js";
import { passwordsExportSchema } from "../common/export.js";
import { addBeneficiary, addPassword, expectPasswordsInVault } from "./release-setup.js";
import {
  advanceReleaseClock,
  buildUser,
  expectNoAxeViolations,
  expectText,
  keepForSteps,
  openPath,
  settle,
  signedInPage,
  uniqueEmail,
} from "./fixtures.js";

/**
 * Issue 15, "Done when": export → delete the account → register again → import restores the same
 * passwords. Every step through the screens a person uses.
 */

const DAY_MS = 24 * 3_600_000;
const SECRETS = { "Old bank": "Harbour-Lantern-77", "Old mail": "Orchard-Violet-12" };

describe("leaving and coming back: an export made before deleting the account brings the same passwords back into a new one", () => {
  let user: Awaited<ReturnType<typeof buildUser>>;
  let page: Page;
  let back: Page;
  let json: Uint8Array;
  const heir = uniqueEmail("heir");

  it("an owner with two passwords left to an heir exports them from Your data", async () => {
    user = await buildUser({ name: "Rita Return" });
    page = keepForSteps(await signedInPage(user));
    await addBeneficiary(page, "Hugo Heir", heir);
    for (const [title, secret] of Object.entries(SECRETS))
      await addPassword(page, title, secret, heir);

    // The ZIP holds passwords.json.
    await openPath(page, "/profile/data");
    const exportCard = page.getByRole("region", { name: "Export your vault" });
    const downloading = page.waitForEvent("download");
    await exportCard.getByRole("button", { name: "Export vault" }).click();
    const download = await downloading;
    const zip = unzipSync(new Uint8Array(await readFile((await download.path()) ?? "")));
    const file = zip["passwords.json"];
    if (!file) throw new Error("no passwords.json in the export");
    json = file;
    const exported = passwordsExportSchema.parse(JSON.parse(new TextDecoder().decode(json)));
    expect(exported.items.map((i) => [i.title, i.password]).sort()).toEqual(
      Object.entries(SECRETS).sort(),
    );
  });

  it("deletes the account, and the grace period passes", async () => {
    const card = page
      .getByRole("region", { name: "Delete account" })
      .or(page.locator("#delete-account"));
    await card.getByRole("button", { name: "Delete account" }).click();
    const dialog = page.getByRole("alertdialog", { name: "Delete your account?" });
    await dialog.getByLabel(/to confirm/).fill(user.email);
    await dialog.getByLabel("Password", { exact: true }).fill(user.password);
    await dialog.getByRole("button", { name: "Delete my account" }).click();
    await expectText(card, "Your account will be deleted on");
    const { erased } = await advanceReleaseClock(ACCOUNT_DELETION_GRACE_DAYS * DAY_MS + 60_000);
    expect(erased).toBeGreaterThanOrEqual(1);
    await page.context().close();
  });

  it("registers again with the same address: an empty vault", async () => {
    const again = await buildUser({ name: "Rita Return", email: user.email });
    back = keepForSteps(await signedInPage(again));
    await openPath(back, "/vault");
    await settle(back);
    await expectText(back, "No passwords");
  });

  it("imports the export's passwords.json: the same passwords, opened from the new vault", async () => {
    await addBeneficiary(back, "Hugo Heir", heir);
    await openPath(back, "/vault/import");
    await back.getByLabel("Export file").setInputFiles({
      name: "passwords.json",
      mimeType: "application/json",
      buffer: Buffer.from(json),
    });
    const importButton = back.getByRole("button", { name: "Import 2 passwords" });
    await importButton.waitFor();
    await chooseBeneficiaries(back, [heir]);
    await expectNoAxeViolations(back);
    await importButton.click();
    await expectText(back.getByRole("heading", { name: "Import finished" }), "Import finished");
    await expectPasswordsInVault(back, SECRETS);
  });
});
