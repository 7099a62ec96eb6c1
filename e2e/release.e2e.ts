import { randomUUID } from "node:crypto";
import { readFile } from "node:fs/promises";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { DEATH_MSG } from "../common/deliveries.js";
import { RELEASE_MSG } from "../common/release.js";
import type { EvidenceFile } from "../common/release-evidence.js";
import {
  advanceReleaseClock,
  apiRequest,
  buildUser,
  checkLightAndDark,
  confirmUser,
  DESKTOP,
  expectNoAxeViolations,
  expectNoMailTo,
  expectNoText,
  expectPath,
  expectText,
  GOOD_PASSWORD,
  latestMailTo,
  linkFrom,
  MOBILE,
  newPage,
  screenshot,
  settle,
  uniqueEmail,
  keepForSteps,
  signedInPage,
  openPath,
  apiAsUser,
  type TestUser,
} from "./fixtures.js";
import { buildFirmAdmin } from "./firm-people-setup.js";
import {
  addBeneficiary,
  addDocument,
  addPassword,
  DAY,
  handOverAccessKey,
  openAccessKeyLink,
  pdf,
  portalSignIn,
  releaseView,
} from "./release-setup.js";

/**
 * Issue 5: how beneficiaries receive what was left to them (attestation, veto, inactivity).
 * Since issue 12 the owner hands each beneficiary an access key (docs/decisions/032): the
 * journeys read it from the owner's /release page, and the beneficiary opens its link.
 * e2e/access-key-release.e2e.ts covers what happens without it, and escrow.
 */

describe("release", () => {
  describe("a firm admin attests; after the owner's wait each beneficiary signs in with a code and opens exactly their items", () => {
    const owner = { name: "Olga Owner", email: uniqueEmail("owner"), password: GOOD_PASSWORD };
    const heirA = { name: "Anna Heir", email: uniqueEmail("heir-a") };
    const heirB = { name: "Boris Heir", email: uniqueEmail("heir-b") };
    const secret = `S3cret-${randomUUID()}`;
    const will = pdf(`Last will ${randomUUID()}`);
    let admin: Awaited<ReturnType<typeof buildFirmAdmin>>["admin"];
    let firm: Awaited<ReturnType<typeof buildFirmAdmin>>["firm"];
    let ownerPage: Page;
    let adminPage: Page;
    let clientId = "";
    let accessLinkA = "";
    let accessLinkB = "";
    let mailB: Awaited<ReturnType<typeof latestMailTo>>;
    let pageB: Page;

    it("the owner names a beneficiary on a password and another on a document", async () => {
      ({ admin, firm } = await buildFirmAdmin());
      expect(
        (await apiRequest("POST", "/api/register", { ...owner, firmCode: firm.code })).status,
      ).toBe(200);
      await confirmUser(owner.email);

      // The owner names a beneficiary on a password and another on a document.
      ownerPage = keepForSteps(await signedInPage(owner));
      await addBeneficiary(ownerPage, heirA.name, heirA.email);
      await addBeneficiary(ownerPage, heirB.name, heirB.email);
      await addPassword(ownerPage, "Bank login", secret, heirA.email);
      await addDocument(
        ownerPage,
        { name: "Last Will.pdf", mimeType: "application/pdf", buffer: will },
        heirB.email,
      );
    });

    it("the owner hands each beneficiary their access key", async () => {
      // Each beneficiary's access key, as the owner hands it over (a link; the plan page records it).
      accessLinkA = await handOverAccessKey(ownerPage, heirA.email);
      accessLinkB = await handOverAccessKey(ownerPage, heirB.email);
      expect(accessLinkA).not.toBe(accessLinkB);
    });

    it("the firm admin views the client as the client, then attests with a document", async () => {
      // The firm admin attests on /clients/{id}.
      adminPage = keepForSteps(await signedInPage(admin));
      // Moving over (at each app load, for every role) is the admin's own: the one GET lists their
      // own keys (no client in it), and viewing a client asks for no data key and moves nothing.
      const keyRequests: string[] = [];
      adminPage.on("request", (r) => {
        const url = new URL(r.url());
        if (url.pathname.startsWith("/api/keys/") || url.pathname === "/api/vault/key")
          keyRequests.push(`${r.method()} ${url.pathname}${url.search}`);
      });
      const clients = await apiAsUser<{ clients: { id: string; name: string }[] }>(
        adminPage,
        "GET",
        `/api/clients?search=${encodeURIComponent(owner.email)}`,
      );
      clientId = clients.body.clients[0]?.id ?? "";
      await openPath(adminPage, `/clients/${clientId}`);

      // Issue 3: 'View as Client' shows types, dates and counts, never a title (decision 080) nor
      // a secret, and no way into the vault.
      await adminPage.getByRole("button", { name: "View as Client" }).click();
      const panel = adminPage.getByRole("tabpanel");
      await expectText(panel, "Anna Heir");
      await expectText(panel.getByRole("list", { name: "Recently updated items" }), "Password");
      expect(await panel.textContent()).not.toContain(secret);
      expect(await panel.textContent()).not.toContain("Bank login");
      expect(await panel.getByRole("link").count()).toBe(0);
      await settle(adminPage);
      await expectNoAxeViolations(adminPage);
      await screenshot(adminPage, "view-as-client");
      expect(keyRequests).toEqual(["GET /api/keys/beneficiaries"]); // the load of /clients/{id}
      await adminPage.getByRole("button", { name: "Exit Impersonation" }).click();

      await expectText(adminPage.getByTestId("client-release-state"), "None");
      await adminPage.getByRole("button", { name: "Start a release" }).click();
      const dialog = adminPage.getByRole("dialog", { name: `Start a release for ${owner.name}` });
      await dialog.waitFor();
      expect(await dialog.getByLabel("Attested by").inputValue()).toBe(admin.name);
      await dialog
        .getByLabel("Date of death or incapacity")
        .fill(new Date().toISOString().slice(0, 10));
      const certificate = pdf(`death certificate ${randomUUID()}`);
      await dialog.getByLabel("Document (optional)").setInputFiles({
        name: "certificate.pdf",
        mimeType: "application/pdf",
        buffer: certificate,
      });
      await expectNoAxeViolations(adminPage);
      await screenshot(adminPage, "client-release-dialog");
      await dialog.getByRole("button", { name: "Start release" }).click();
      await expectText(adminPage, RELEASE_MSG.attestationStarted, { timeout: 20_000 });
      await expectText(adminPage.getByTestId("client-release-state"), "Waiting");
      await settle(adminPage);
      await expectNoAxeViolations(adminPage);
      await screenshot(adminPage, "client-release-waiting");
      const [evidence] = await Promise.all([
        adminPage.waitForEvent("download"),
        adminPage.getByRole("link", { name: "Download the attestation document" }).click(),
      ]);
      expect(evidence.suggestedFilename()).toBe("certificate.pdf");
      expect((await readFile((await evidence.path()) ?? "")).equals(certificate)).toBe(true);
    });

    it("the owner is told; after the wait each heir is e-mailed, and heir A opens only the password", async () => {
      // The owner is told, and sees the wait on /release.
      const started = await latestMailTo(owner.email, {
        subject: /release of your Legacy Vault has started/,
      });
      expect(started.text).toContain(`Ada Admin of ${firm.name} has attested`);
      await openPath(ownerPage, "/release");
      await expectText(ownerPage.getByTestId("release-state"), "Waiting");
      await expectNoAxeViolations(ownerPage);
      await screenshot(ownerPage, "release-waiting");
      await expectNoMailTo(heirA.email, /left you something/);

      // The wait (7 days by default) passes: the release happens.
      const releasedAt = Date.now();
      await advanceReleaseClock(7 * DAY + 60_000);
      const mailA = await latestMailTo(heirA.email, { subject: /has left you something/ });
      mailB = await latestMailTo(heirB.email, { subject: /has left you something/ });
      expect(mailA.subject).toBe("Olga Owner has left you something in Legacy Vault");

      // Beneficiary A opens the owner's link, then signs in: only the password, decrypted in their browser.
      const pageA = await portalSignIn({
        email: heirA.email,
        releaseMail: mailA,
        accessLink: accessLinkA,
      });
      // The title is sealed: opened here with the access key from the owner's link (decision 080).
      await pageA.getByRole("link", { name: "Bank login" }).waitFor();
      await expectNoAxeViolations(pageA);
      await screenshot(pageA, "legacy-list");
      await pageA.getByRole("heading", { name: "Left to you by Olga Owner" }).waitFor();
      expect(await pageA.getByRole("link", { name: "Bank login" }).count()).toBe(1);
      expect(await pageA.getByRole("link", { name: "Last Will" }).count()).toBe(0);
      await pageA.getByRole("link", { name: "Bank login" }).click();
      await pageA.getByRole("button", { name: "Show password" }).click();
      await expectText(pageA, secret);
      const firstDecryptedMs = Date.now() - releasedAt;
      console.log(
        `release: ${firstDecryptedMs} ms from the release to the beneficiary's first decrypted item (e-mail, code, portal, in Chromium)`,
      );
      await settle(pageA);
      await expectNoAxeViolations(pageA);
      await screenshot(pageA, "legacy-password");
      await pageA.getByRole("button", { name: "Copy password" }).click();
      expect(
        await pageA.evaluate(() =>
          (
            globalThis as unknown as { navigator: { clipboard: { readText(): Promise<string> } } }
          ).navigator.clipboard.readText(),
        ),
      ).toBe(secret);
    });

    it("heir B opens only the document, byte-identical; the owner's plan and the firm show the release", async () => {
      // Beneficiary B, at 360 px, signs in, then opens the owner's link: only the document, downloaded byte-identical.
      pageB = keepForSteps(
        await portalSignIn({
          email: heirB.email,
          releaseMail: mailB,
          viewport: MOBILE,
          firmName: firm.name,
        }),
      );
      await openAccessKeyLink(pageB, accessLinkB);
      expect(await pageB.getByRole("link", { name: "Bank login" }).count()).toBe(0);
      await pageB.getByRole("link", { name: "Last Will" }).click();
      await expectText(pageB, "Last Will.pdf");
      await settle(pageB);
      await expectNoAxeViolations(pageB);
      await screenshot(pageB, "legacy-document-mobile");
      const [download] = await Promise.all([
        pageB.waitForEvent("download"),
        pageB.getByRole("button", { name: "Download", exact: true }).click(),
      ]);
      expect(download.suggestedFilename()).toBe("Last Will.pdf");
      expect((await readFile((await download.path()) ?? "")).equals(will)).toBe(true);

      // The owner's plan shows the release and every step; the firm sees it on /clients/{id}.
      await openPath(ownerPage, "/release");
      await expectText(ownerPage.getByTestId("release-state"), "Released");
      const timeline = (await releaseView(ownerPage)).timeline.map((t) => t.action);
      expect(timeline).toEqual(
        expect.arrayContaining([
          "release.started",
          "release.document_added",
          "release.released",
          "legacy.signed_in",
          "legacy.item_viewed",
          "legacy.file_downloaded",
        ]),
      );
      await screenshot(ownerPage, "release-released");
      await openPath(adminPage, `/clients/${clientId}`);
      await expectText(adminPage.getByTestId("client-release-state"), "Released");
    });

    it("heir B downloads the signed evidence of the release; the check page says it is intact, and names a changed entry", async () => {
      const [download] = await Promise.all([
        pageB.waitForEvent("download"),
        pageB.getByRole("link", { name: "Download the evidence of this release" }).click(),
      ]);
      const text = await readFile((await download.path()) ?? "", "utf8");
      const file = JSON.parse(text) as EvidenceFile;
      expect(file.certificate.for).toEqual({ type: "beneficiary", email: heirB.email });
      expect(text).not.toContain("Last Will"); // no title, ever

      await pageB.getByRole("link", { name: "check a file" }).click();
      await expectPath(pageB, "/verify-evidence");
      const choose = pageB.getByLabel("Release evidence file (.json)");
      await expect.poll(() => choose.isEnabled()).toBe(true);
      const json = (value: unknown) => ({
        name: "release-evidence.json",
        mimeType: "application/json",
        buffer: Buffer.from(JSON.stringify(value)),
      });
      await choose.setInputFiles(json(file));
      await expectText(pageB.getByTestId("evidence-verdict"), "Intact");
      await expectNoAxeViolations(pageB);
      await screenshot(pageB, "verify-evidence-intact-mobile");

      const changed = structuredClone(file);
      const released = changed.entries.find((e) => e.entry?.kind === "released")?.entry;
      if (!released) throw new Error("no released entry in the file");
      released.data = { ...released.data, items: 99 };
      await choose.setInputFiles(json(changed));
      await expectText(pageB.getByTestId("evidence-verdict"), "Not intact");
      await expectText(
        pageB.getByTestId("evidence-verdict"),
        `First entry that is not intact: ${released.seq}`,
      );
    });

    it("the firm admin reports heir A dead (decision 105): the card names the heirs, never their addresses", async () => {
      // adminPage is on /clients/{id} since the release step
      const card = adminPage.getByRole("region", { name: DEATH_MSG.heading });
      await expectText(card, "Anna Heir");
      await expectText(card, "Boris Heir");
      await expectNoText(adminPage, heirA.email);
      await card.getByRole("button", { name: `${DEATH_MSG.report}: Anna Heir` }).click();
      const dialog = adminPage.getByRole("alertdialog", {
        name: DEATH_MSG.confirmTitle("Anna Heir"),
      });
      await dialog.getByLabel(DEATH_MSG.noteLabel).fill("Her brother called the firm");
      await expectNoAxeViolations(adminPage);
      await dialog.getByRole("button", { name: DEATH_MSG.confirm }).click();
      // nothing names a next person in turn here: the items stay with her address
      await expectText(adminPage, DEATH_MSG.reported(0));
      await expectText(card, "Reported as deceased on");
      expect(
        await card.getByRole("button", { name: `${DEATH_MSG.report}: Anna Heir` }).count(),
      ).toBe(0);
      await checkLightAndDark(adminPage, "client-release-people", { part: card });
    });
  });

  describe("inactivity: a reminder's check-in, a wait the owner cancels, then reminders at 30, 7 and 1 days, the wait and the release; an heir with an account sees 'Left to you'", () => {
    let page: Page;
    let linkPage: Page;
    let owner: TestUser;
    let heir: TestUser;
    let accessLink = "";
    let endsAt: number;
    let newEnd: number;

    it("the owner leaves a password to an heir who has an account and sets a 3-month trigger", async () => {
      owner = await buildUser({ name: "Ivan Inactive" });
      heir = await buildUser({ name: "Lena Legatee" });
      page = keepForSteps(await signedInPage(owner, MOBILE));
      await addBeneficiary(page, heir.name, heir.email);
      await addPassword(page, "Email account", "pa55-w0rd", heir.email);
      accessLink = await handOverAccessKey(page, heir.email);

      await openPath(page, "/release");
      await expectText(page.getByTestId("release-state"), "Off");
      await page.getByLabel("Inactivity trigger").selectOption({ label: "3 months" });
      await page.getByLabel("Waiting period").selectOption({ label: "2 days" });
      await page.getByRole("button", { name: "Save" }).click();
      await expectText(page, RELEASE_MSG.planSaved);
      await expectText(page.getByTestId("release-state"), "Counting down");
      await settle(page);
      await expectNoAxeViolations(page);
      await screenshot(page, "release-plan-mobile");
    });

    it("30 days before the end: 'I'm still here' from the reminder, on a page that acts only when pressed", async () => {
      endsAt = new Date((await releaseView(page)).plan.inactivityEndsAt ?? "").getTime();
      const { now } = await advanceReleaseClock(0);
      await advanceReleaseClock(endsAt - 30 * DAY - new Date(now).getTime() + 60_000);
      const reminder = await latestMailTo(owner.email, { subject: /starts in 30 days/ });
      const checkIn = linkFrom(reminder, "/release/check-in");
      expect(checkIn.searchParams.get("token")).toBeTruthy();
      linkPage = keepForSteps(await newPage(MOBILE));
      await linkPage.goto(checkIn.pathname + checkIn.search);
      await settle(linkPage);
      expect((await releaseView(page)).plan.inactivityEndsAt).toBe(new Date(endsAt).toISOString());
      await expectNoAxeViolations(linkPage);
      await screenshot(linkPage, "release-check-in");
      await linkPage.getByRole("button", { name: "I'm still here" }).click();
      await expectText(linkPage.getByTestId("release-link-result"), RELEASE_MSG.checkedIn);
      newEnd = new Date((await releaseView(page)).plan.inactivityEndsAt ?? "").getTime();
      expect(newEnd).toBeGreaterThan(endsAt + 20 * DAY);
    });

    it("at the new end the wait starts; the owner cancels it; the e-mailed cancel link is spent and nothing is released", async () => {
      // Past the old end nothing starts; at the new end the wait starts and the owner presses Cancel.
      await advanceReleaseClock(31 * DAY);
      expect((await releaseView(page)).state).toBe("counting_down");
      await advanceReleaseClock(newEnd - endsAt);
      const started = await latestMailTo(owner.email, { subject: /has started/ });
      await page.setViewportSize(DESKTOP);
      await openPath(page, "/release");
      await expectText(page.getByTestId("release-state"), "Waiting");
      await page.getByRole("button", { name: "Cancel the release" }).click();
      await page.getByRole("alertdialog", { name: "Cancel the release?" }).waitFor();
      await expectNoAxeViolations(page);
      await page.getByRole("button", { name: "Yes, cancel the release" }).click();
      await expectText(page.getByTestId("release-state"), "Counting down");
      await settle(page);
      await screenshot(page, "release-cancelled");
      await page.setViewportSize(MOBILE);

      // The e-mailed cancel link is spent; the wait's end passes; the beneficiary gets nothing.
      const cancel = linkFrom(started, "/release/cancel");
      await linkPage.goto(cancel.pathname + cancel.search);
      await settle(linkPage);
      await linkPage.getByRole("button", { name: "Cancel the release" }).click();
      await expectText(linkPage.getByTestId("release-link-result"), RELEASE_MSG.linkInvalid);
      await advanceReleaseClock(3 * DAY);
      expect((await releaseView(page)).release?.status).toBe("cancelled");
      await expectNoMailTo(heir.email, /left you something/);
      expect((await apiRequest("POST", "/api/legacy/code", { email: heir.email })).status).toBe(
        200,
      );
      await expectNoMailTo(heir.email, /code/i);
    });

    let remindersBefore = 0;
    it("reminders at 30, 7 and 1 days, then the wait, then the release", async () => {
      const view = await releaseView(page);
      remindersBefore = view.timeline.filter((t) => t.action === "release.reminder_sent").length;
      const endsAt = new Date(view.plan.inactivityEndsAt ?? "").getTime();
      const mark = (await latestMailTo(owner.email)).id; // the owner's mail so far
      const { now } = await advanceReleaseClock(0);
      let at = new Date(now).getTime();
      for (const days of [30, 7, 1]) {
        const target = endsAt - days * DAY + 60_000;
        await advanceReleaseClock(target - at);
        at = target;
        const reminder = await latestMailTo(owner.email, {
          subject: new RegExp(`starts in ${days} day`),
          after: mark,
        });
        expect(linkFrom(reminder, "/release/check-in").searchParams.get("token")).toBeTruthy();
      }
      await advanceReleaseClock(endsAt - at + 60_000);
      await latestMailTo(owner.email, { subject: /has started/, after: mark });
      expect((await releaseView(page)).state).toBe("waiting");
      await advanceReleaseClock(2 * DAY + 60_000);
      expect((await releaseView(page)).state).toBe("released");
      await latestMailTo(owner.email, { subject: /was released/ });
    });

    it("the heir's dashboard lists what was left to them; the portal opens it without a code", async () => {
      await latestMailTo(heir.email, { subject: /has left you something/ });
      const heirPage = await signedInPage(heir);
      await heirPage.getByRole("heading", { name: "Left to you" }).waitFor();
      // Its title is sealed: the dashboard names its type and owner; the portal opens the title.
      const leftToYou = heirPage.getByRole("list", { name: "Items left to you" });
      await expectText(leftToYou, "Password");
      expect(await leftToYou.textContent()).not.toContain("Email account");
      await expectNoAxeViolations(heirPage);
      await screenshot(heirPage, "dashboard-left-to-you");
      await heirPage.getByRole("link", { name: "Open what was left to you" }).click();
      await expectPath(heirPage, "/legacy");
      await openAccessKeyLink(heirPage, accessLink);
      await heirPage.getByRole("link", { name: "Email account" }).click();
      await heirPage.getByRole("button", { name: "Show password" }).click();
      await expectText(heirPage, "pa55-w0rd");
    });

    it("the owner's plan says Released, with three more reminders in its timeline", async () => {
      await openPath(page, "/release");
      await expectText(page.getByTestId("release-state"), "Released");
      const labels = (await releaseView(page)).timeline.map((t) => t.action);
      // three more than before the last countdown (the earlier ones came before the cancelled wait)
      expect(labels.filter((a) => a === "release.reminder_sent")).toHaveLength(remindersBefore + 3);
      await screenshot(page, "release-timeline-mobile");
    });
  });
});
