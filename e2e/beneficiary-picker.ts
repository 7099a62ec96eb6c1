import type { Page } from "playwright-core";

/**
 * The item forms' beneficiary picker (docs/decisions/053): a group of checkboxes, one per person.
 * Leaves exactly `emails` ticked (none for []), as a person would, one click each.
 */
export async function chooseBeneficiaries(page: Page, emails: readonly string[]): Promise<void> {
  const group = page.getByRole("group", { name: /^Beneficiar/ });
  for (const email of emails) await group.getByRole("checkbox", { name: email }).waitFor();
  for (const box of await group.getByRole("checkbox").all()) {
    const name = await box.evaluate((el) => el.closest("label")?.textContent ?? "");
    if (emails.some((e) => name.includes(e))) await box.check();
    else await box.uncheck();
  }
}

/** The picker's "+ Add new beneficiary" (keeps what the form had typed). */
export const addNewBeneficiary = (page: Page) =>
  page.getByRole("button", { name: "+ Add new beneficiary" }).click();

/** Whether `email` is ticked in the picker. */
export const isBeneficiaryChosen = (page: Page, email: string) =>
  page
    .getByRole("group", { name: /^Beneficiar/ })
    .getByRole("checkbox", { name: email })
    .isChecked();
