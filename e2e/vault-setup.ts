import { randomUUID } from "node:crypto";
import type { Page } from "playwright-core";
import { PASSWORD_MSG } from "../common/assets/passwords.js";
import { expectText, openPath, settle } from "./fixtures.js";

/** Set-up for the journeys of the tab's vault key (decisions 038 and 046: vault-unlock, vault-lock). */

type Globals = { sessionStorage: { getItem: (key: string) => string | null } };

/** This tab's copy of the data key (lib/keys/vault-state.ts SESSION_COPY_KEY). */
export const sessionCopy = (page: Page) =>
  page.evaluate(() => (globalThis as unknown as Globals).sessionStorage.getItem("lv.vault"));

/** Saves a password item through /vault/new; returns its id and the secret it holds. */
export async function addPassword(page: Page): Promise<{ id: string; secret: string }> {
  const secret = `Pw-marker-${randomUUID()}`;
  await openPath(page, "/vault/new");
  await page.getByLabel("Title").fill("Bank login");
  await page.getByLabel("Password", { exact: true }).fill(secret);
  await page.getByRole("button", { name: "Save Password" }).click();
  await expectText(page, PASSWORD_MSG.saved);
  await page.waitForURL((url) => /^\/vault\/[0-9a-f-]{36}$/.test(url.pathname));
  await settle(page);
  return { id: new URL(page.url()).pathname.split("/").pop() ?? "", secret };
}
