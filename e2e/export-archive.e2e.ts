import { readFile } from "node:fs/promises";
import { chooseBeneficiaries } from "./beneficiary-picker.js";
import type { Locator, Page, Route } from "playwright-core";
import { describe, expect, it } from "vitest";
import { AUTH_MSG } from "../common/auth.js";
import { ARCHIVE_MSG } from "../common/export.js";
import type { AssetView } from "../common/assets.js";
import {
  addBeneficiary,
  addDocument,
  addPassword,
  expectPasswordsInVault,
  pdf,
} from "./release-setup.js";
import {
  apiAsUser,
  buildUser,
  checkLightAndDark,
  expectText,
  keepForSteps,
  openPath,
  signedInPage,
  uniqueEmail,
} from "./fixtures.js";

/**
 * Issue 15 point 1's encrypted archive (decision 055): exported as .lvault under a password typed
 * twice, then imported into another account with that password: the same passwords come back.
 */

const SECRETS = { "Old bank": "Harbour-Lantern-77", "Old mail": "Orchard-Violet-12" };
const ARCHIVE_PASSWORD = "Copper-Kettle-Meadow-31";
const exportCard = (page: Page) => page.getByRole("region", { name: "Export your vault" });

type TestFile = { name: string; mimeType: string; buffer: Buffer };
/** The archive chosen on /vault/import: the screen asks for its password. */
async function chooseArchive(page: Page, archive: TestFile) {
  await page.getByLabel("Export file").setInputFiles(archive);
  await page.getByLabel("Archive password", { exact: true }).waitFor();
}

describe("the encrypted archive: exported as a password-protected .lvault, imported back elsewhere with the same passwords", () => {
  let page: Page;
  let card: Locator;
  let archive: TestFile;
  const heir = uniqueEmail("heir");

  it("the export card with the encrypted archive chosen refuses two passwords that differ", async () => {
    const user = await buildUser({ name: "Ada Archive" });
    page = keepForSteps(await signedInPage(user));
    await addBeneficiary(page, "Hugo Heir", heir);
    for (const [title, secret] of Object.entries(SECRETS))
      await addPassword(page, title, secret, heir);
    await addDocument(
      page,
      { name: "Will.pdf", mimeType: "application/pdf", buffer: pdf("My will") },
      heir,
    );

    await openPath(page, "/profile/data");
    card = exportCard(page);
    await card.getByRole("radio", { name: "Encrypted archive (.lvault)" }).click();
    await card.getByLabel("Archive password", { exact: true }).fill(ARCHIVE_PASSWORD);
    await card.getByLabel("Confirm archive password").fill(`${ARCHIVE_PASSWORD}!`);
    await card.getByRole("button", { name: "Export vault" }).click();
    await expectText(card, AUTH_MSG.passwordsDoNotMatch);
    await card.getByLabel("Confirm archive password").fill(ARCHIVE_PASSWORD);
    // From the page's top: scrolled at 360 px, the sections' links could sit half under the sticky
    // top bar, which axe counts as targets too small (the screenshot scrolls to the card itself).
    await page.evaluate(() =>
      (globalThis as unknown as { scrollTo: (x: number, y: number) => void }).scrollTo(0, 0),
    );
    await checkLightAndDark(page, "export-archive-card", { part: card });
  });

  it("shows progress as for the ZIP (the file held back), then downloads the .lvault, nothing in clear", async () => {
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const hold = async (route: Route) => {
      await held;
      await route.continue().catch(() => undefined);
    };
    await page.route("**/api/assets/*/files/*", hold);
    const downloading = page.waitForEvent("download");
    await card.getByRole("button", { name: "Export vault" }).click();
    await expectText(card, "Exporting your vault: 2 of 3 items");
    release();
    const download = await downloading;
    await page.unroute("**/api/assets/*/files/*", hold);
    expect(download.suggestedFilename()).toMatch(/^legacy-vault-export-\d{4}-\d{2}-\d{2}\.lvault$/);
    const bytes = await readFile((await download.path()) ?? "");
    expect(bytes.subarray(0, 6).toString("latin1")).toBe("LVAULT");
    for (const clear of ["passwords.json", "Harbour-Lantern-77", "My will"])
      expect(bytes.includes(Buffer.from(clear))).toBe(false);
    await expectText(card, `Saved as ${download.suggestedFilename()}, encrypted.`);
    expect(await card.getByLabel("Archive password", { exact: true }).inputValue()).toBe("");
    archive = { name: download.suggestedFilename(), mimeType: "", buffer: bytes };
  });

  it("imported back into the same vault, both passwords are flagged as duplicates", async () => {
    await openPath(page, "/vault/import");
    await chooseArchive(page, archive);
    await page.getByLabel("Archive password", { exact: true }).fill(ARCHIVE_PASSWORD);
    await page.getByRole("button", { name: "Open archive" }).click();
    await expectText(page, "Legacy Vault export. 2 passwords found: 2 duplicates.");
    await page.getByRole("button", { name: "Import 2 passwords" }).waitFor();
    await page.context().close();
  });

  it("another account: a wrong password saves nothing, the right one previews, then imports", async () => {
    const other = await buildUser({ name: "Ada Elsewhere" });
    const back = await signedInPage(other);
    await addBeneficiary(back, "Hugo Heir", heir);
    await openPath(back, "/vault/import");
    await chooseArchive(back, archive);
    await checkLightAndDark(back, "import-archive-password");
    await back.getByLabel("Archive password", { exact: true }).fill("Copper-Kettle-Meadow-32");
    await back.getByRole("button", { name: "Open archive" }).click();
    await expectText(back.getByRole("alert"), ARCHIVE_MSG.wrongPassword);
    await checkLightAndDark(back, "import-archive-wrong-password");
    const none = await apiAsUser<{ assets: AssetView[] }>(back, "GET", "/api/assets");
    expect(none.body.assets).toEqual([]);
    await back.getByLabel("Archive password", { exact: true }).fill(ARCHIVE_PASSWORD);
    await back.getByRole("button", { name: "Open archive" }).click();
    await expectText(back, "Legacy Vault export. 2 passwords found.");
    const importButton = back.getByRole("button", { name: "Import 2 passwords" });
    await importButton.waitFor();
    await chooseBeneficiaries(back, [heir]);
    await checkLightAndDark(back, "import-archive-preview");
    await importButton.click();
    await expectText(back.getByRole("heading", { name: "Import finished" }), "Import finished");

    // 5. The same passwords, opened from the other vault.
    await expectPasswordsInVault(back, SECRETS);
  });
});
