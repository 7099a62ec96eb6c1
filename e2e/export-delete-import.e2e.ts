import { chooseBeneficiaries } from "./beneficiary-picker.js";
import { readFile } from "node:fs/promises";
import { unzipSync } from "fflate";
import { describe, expect, it } from "vitest";
import { ACCOUNT_DELETION_GRACE_DAYS } from "../common/account-deletion.js";
import { passwordsExportSchema } from "../common/export.js";
import { addBeneficiary, addPassword, expectPasswordsInVault } from "./release-setup.js";
import {
  advanceReleaseClock,
  buildUser,
  expectNoAxeViolations,
  expectText,
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

describe("leaving and coming back", () => {
  it("an export made before deleting the account brings the same passwords back into a new one", async () => {
    const user = await buildUser({ name: "Rita Return" });
    const page = await signedInPage(user);
    const heir = uniqueEmail("heir");
    await addBeneficiary(page, "Hugo Heir", heir);
    for (const [title, secret] of Object.entries(SECRETS))
      await addPassword(page, title, secret, heir);

    // 1. Export from the profile's "Your data": the ZIP holds passwords.json.
    await openPath(page, "/profile/data");
    const exportCard = page.getByRole("region", { name: "Export your vault" });
    const downloading = page.waitForEvent("download");
    await exportCard.getByRole("button", { name: "Export vault" }).click();
    const download = await downloading;
    const zip = unzipSync(new Uint8Array(await readFile((await download.path()) ?? "")));
    const json = zip["passwords.json"];
    if (!json) throw new Error("no passwords.json in the export");
    const exported = passwordsExportSchema.parse(JSON.parse(new TextDecoder().decode(json)));
    expect(exported.items.map((i) => [i.title, i.password]).sort()).toEqual(
      Object.entries(SECRETS).sort(),
    );

    // 2. Delete the account, and let the grace period pass.
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

    // 3. Register again with the same address: an empty vault.
    const again = await buildUser({ name: "Rita Return", email: user.email });
    const back = await signedInPage(again);
    await openPath(back, "/vault");
    await settle(back);
    await expectText(back, "No passwords");

    // 4. Import the export's passwords.json.
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

    // 5. The same passwords, opened from the new vault.
    await expectPasswordsInVault(back, SECRETS);
  });
});
