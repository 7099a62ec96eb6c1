import { describe, expect, it } from "vitest";
import { buildFirmAdmin, seedClients } from "./firm-people-setup.js";
import { expectPath, expectText, newPage, openPath, settle, signIn } from "./fixtures.js";

/** Issue 16 point 9: the firm's screens follow changes made elsewhere, without a reload. */

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
});
