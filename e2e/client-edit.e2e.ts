import { APP_MSG, GUARD_MSG } from "../common/app.js";
import { CLIENT_MSG } from "../common/clients.js";
import { RELEASE_UI_MSG } from "../common/release.js";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import {
  apiAsUser,
  apiRequest,
  checkLightAndDark,
  confirmUser,
  DESKTOP,
  expectNoAxeViolations,
  expectPath,
  expectText,
  GOOD_PASSWORD,
  keepForSteps,
  openPath,
  screenshot,
  signedInPage,
  uniqueEmail,
} from "./fixtures.js";
import { buildFirmAdmin, type Firm } from "./firm-people-setup.js";

/** /clients/edit/{id} (issue 16 point 10, docs/decisions/039): the firm's reference and notes about a client. */

const PHONE = { width: 375, height: 740 };
const NARROW = { width: 360, height: 740 };

/** A confirmed client of `firm`, registered with its firm code. */
async function addClient(firm: Firm, clientName: string) {
  const client = { name: clientName, email: uniqueEmail("client"), password: GOOD_PASSWORD };
  const res = await apiRequest("POST", "/api/register", { ...client, firmCode: firm.code });
  expect(res.status).toBe(200);
  await confirmUser(client.email);
  return client;
}

/**
 * One firm and its administrator, signed in once (each sign-in costs a key derivation and page
 * loads), through every step; each step adds its own client, and the narrow widths come last.
 */
describe("client edit", () => {
  let firm: Firm;
  let page: Page;
  let othersId: string;
  /** The client Olga Other's own page, signed in once: refused as a client, then as an individual. */
  let own: Page;

  it("an admin opens a client from the list, edits the firm's reference and notes, and sees them on the client's page", async () => {
    const built = await buildFirmAdmin();
    firm = built.firm;
    await addClient(firm, "Cleo Client");
    page = keepForSteps(await signedInPage(built.admin, DESKTOP));
    await openPath(page, "/clients");
    await page.getByRole("row", { name: /Cleo Client/ }).click();
    await expect.poll(() => new URL(page.url()).pathname).toMatch(/^\/clients\/[^/]+$/);
    const detailPath = new URL(page.url()).pathname;
    const id = detailPath.split("/").pop() ?? "";
    await expectText(page.getByRole("heading", { level: 2 }), CLIENT_MSG.firmNotesTitle);
    await expectText(page, CLIENT_MSG.noDetails);
    // Starting a release is rare and deliberate: its own last section, explained, and a quiet
    // (outline) button, never the page's strongest.
    const release = page.getByRole("region", { name: /^Release/ });
    await expectText(release, RELEASE_UI_MSG.startExplained("Cleo Client"));
    const start = release.getByRole("button", { name: "Start a release" });
    expect(await start.getAttribute("class")).not.toMatch(/bg-destructive|bg-brand/);
    const sections = await page
      .locator("h2")
      .evaluateAll((hs) => hs.map((h) => (h as unknown as { textContent: string }).textContent));
    expect(sections.at(-1)?.trim()).toMatch(/^Release/);
    await checkLightAndDark(page, "client-detail");
    await page.getByRole("link", { name: "Edit client" }).click();
    await expectPath(page, `/clients/edit/${id}`);
    await expectText(page.getByRole("heading", { level: 1 }), CLIENT_MSG.editTitle);
    await expectText(page, CLIENT_MSG.editDescription("Cleo Client"));
    await expectNoAxeViolations(page);
    await screenshot(page, "client-edit");

    // Too long: the field says so (its message, aria-invalid and nothing sent:
    // client-firm-details-form.test.tsx); here the state's axe check.
    const reference = page.getByLabel("Reference (Optional)");
    await reference.fill("R".repeat(51));
    await page.getByRole("button", { name: "Save Client Details" }).click();
    await expectText(page, CLIENT_MSG.referenceTooLong);
    await expectNoAxeViolations(page);

    await reference.fill("M-2026-114");
    await page.getByLabel("Notes (Optional)").fill("Prefers phone calls.\nWill signed 2019.");
    await page.getByRole("button", { name: "Save Client Details" }).click();
    await expectText(page, CLIENT_MSG.detailsSaved);
    await expectPath(page, detailPath);
    await expectText(page, "M-2026-114");
    await expectText(page, "Prefers phone calls.");
    await expectNoAxeViolations(page);
    await screenshot(page, "client-detail-firm-details");
  });

  it("someone else cannot: the client is refused the edit and detail screens of themselves", async () => {
    const client = await addClient(firm, "Olga Other");
    await openPath(page, "/clients");
    await page.getByRole("row", { name: /Olga Other/ }).click();
    await expect.poll(() => new URL(page.url()).pathname).toMatch(/^\/clients\/[^/]+$/);
    const id = new URL(page.url()).pathname.split("/").pop() ?? "";
    othersId = id;
    expect(
      (await apiAsUser(page, "PUT", `/api/clients/${id}/firm-details`, { reference: "M-2026-114" }))
        .status,
    ).toBe(200);

    // The client: the edit screen is not theirs, nor their firm's view of them.
    own = keepForSteps(await signedInPage(client, DESKTOP));
    await openPath(own, `/clients/edit/${id}`);
    await expectText(own, APP_MSG.guardForbidden);
    await expectPath(own, "/dashboard");
    await openPath(own, `/clients/${id}`);
    await expectText(own, GUARD_MSG.viewClients);
    await expectPath(own, "/dashboard");
    expect(await own.getByText("M-2026-114").count()).toBe(0);
  });

  it("someone else cannot: another firm's admin gets 'Not found' for that client", async () => {
    // Another firm's admin: the same answer as a missing client.
    const id = othersId;
    const other = await buildFirmAdmin();
    const stranger = await signedInPage(other.admin, DESKTOP);
    await openPath(stranger, `/clients/edit/${id}`);
    await expectText(stranger, APP_MSG.notFound);
    expect(await stranger.getByText("M-2026-114").count()).toBe(0);
    await expectNoAxeViolations(stranger);
  });

  it("works at 360 and 375 px, and for a plain individual the route is refused", async () => {
    await addClient(firm, "Nina Narrow");
    await page.setViewportSize(NARROW);
    await openPath(page, "/clients");
    await page.getByText("Nina Narrow").first().click();
    await expect.poll(() => new URL(page.url()).pathname).toMatch(/^\/clients\/[^/]+$/);
    const id = new URL(page.url()).pathname.split("/").pop() ?? "";
    await page.getByRole("link", { name: "Edit client" }).click();
    await expectPath(page, `/clients/edit/${id}`);
    await expectText(page, CLIENT_MSG.editDescription("Nina Narrow"));
    await expectNoAxeViolations(page);
    await screenshot(page, "client-edit");
    await page.setViewportSize(PHONE);
    await screenshot(page, "client-edit");
    expect(
      await page.evaluate(() => {
        const d = (
          globalThis as unknown as {
            document: { documentElement: { scrollWidth: number; clientWidth: number } };
          }
        ).document;
        return d.documentElement.scrollWidth <= d.documentElement.clientWidth;
      }),
    ).toBe(true);
    await page.getByLabel("Reference (Optional)").fill("N-1");
    await page.getByRole("button", { name: "Save Client Details" }).click();
    await expectPath(page, `/clients/${id}`);
    await expectText(page, "N-1");

    // A plain individual: Olga Other, once she has left the firm (the leaving itself:
    // e2e/firm-consent.e2e.ts), is refused the route too.
    expect((await apiAsUser(own, "POST", "/api/firm/leave")).status).toBe(200);
    await own.setViewportSize(NARROW);
    await openPath(own, `/clients/edit/${id}`);
    await expectText(own, APP_MSG.guardForbidden);
    await expectPath(own, "/dashboard");
  });
});
