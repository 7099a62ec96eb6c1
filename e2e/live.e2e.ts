import { describe, expect, it } from "vitest";
import { buildFirmAdmin, seedClients } from "./firm-people-setup.js";
import {
  buildUser,
  expectPath,
  expectText,
  newPage,
  openPath,
  screenshot,
  settle,
  signIn,
  signedInPage,
} from "./fixtures.js";
import { addPassword } from "./release-setup.js";

/**
 * Issue 16 point 9: the firm's screens follow changes made elsewhere, without a reload; and an
 * owner's own items follow what another of their browsers does (decision 076).
 */

describe("live screens", () => {
  it("the client list shows a client who joins while it is open, without a reload", async () => {
    const { admin, firm } = await buildFirmAdmin();
    const page = await newPage();
    await signIn(page, admin.email, admin.password);
    await expectPath(page, "/dashboard");
    await openPath(page, "/clients");
    await settle(page);
    await expectText(page, "No clients found");
    let loads = 0;
    page.on("framenavigated", () => loads++);

    // Someone else joins with the firm's code (another browser, another request).
    await seedClients(firm.code, ["Lia Live"]);
    await expectText(page, "Lia Live", { timeout: 15_000 });
    expect(loads).toBe(0); // no reload: the stream said so and the list fetched again
  });

  it("a password saved in one browser shows in the owner's other browser, without a reload", async () => {
    const owner = await buildUser();
    const laptop = await signedInPage(owner);
    const phone = await signedInPage(owner); // another browser context: its own session
    await openPath(phone, "/vault");
    await settle(phone);
    const saved = phone.getByRole("link", { name: "Savings account", exact: true });
    expect(await saved.count()).toBe(0);
    let loads = 0;
    phone.on("framenavigated", () => loads++);

    await addPassword(laptop, "Savings account", "Correct-Horse-41", null);
    await saved.waitFor({ state: "visible", timeout: 15_000 });
    expect(loads).toBe(0); // the phone's list fetched again on the stream's word
    await screenshot(phone, "live-items-other-browser");
  });
});
