import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import type { VerifiersView } from "../common/verifiers.js";
import {
  DAY,
  addBeneficiary,
  addPassword,
  handOverAccessKey,
  portalSignIn,
} from "./release-setup.js";
import {
  MOBILE,
  advanceReleaseClock,
  apiAsUser,
  apiRequest,
  buildUser,
  checkLightAndDark,
  codeFrom,
  expectText,
  keepForSteps,
  latestMailTo,
  linkFrom,
  openPath,
  signedInPage,
  uniqueEmail,
  type TestUser,
} from "./fixtures.js";

/**
 * The incapacity scope (docs/decisions/093), the path a person walks: Olive marks her bank login
 * for her caregiver Carla and hands her the access key; her verifier Anna reports that she cannot
 * act; after the scope's own wait Carla reads it on a phone ("You can read this until …"), with
 * nothing to change or download; Olive, back, ends it, and Carla's page says so.
 */

describe("a caregiver while the owner cannot act", () => {
  const anna = { name: "Anna Smith", email: uniqueEmail("anna") };
  const carla = uniqueEmail("carla");
  let owner: TestUser;
  let ownerPage: Page;
  let annaId = "";
  let accessLink = "";

  it("Olive marks her bank login for Carla and gives her the access key", async () => {
    owner = await buildUser({ name: "Olive Owner" });
    ownerPage = keepForSteps(await signedInPage(owner));
    const added = await apiAsUser<VerifiersView>(ownerPage, "POST", "/api/verifiers", {
      kind: "person",
      ...anna,
    });
    annaId = added.body.verifiers.find((v) => v.email === anna.email)?.id ?? "";
    const invite = await latestMailTo(anna.email, { subject: /asks you to be a verifier/ });
    const token = linkFrom(invite, "/verifier/invite").searchParams.get("token");
    await apiRequest("POST", "/api/verifier/code", { token });
    const code = codeFrom(await latestMailTo(anna.email, { after: invite.id, subject: /code/ }));
    await apiRequest("POST", "/api/verifier/answer", { token, code, answer: "accept" });
    await addBeneficiary(ownerPage, "Carla Care", carla);
    await addPassword(ownerPage, "Bank login", "Sunflower-Lake-91", null);

    await openPath(ownerPage, "/release/caregivers");
    await ownerPage.getByLabel("Wait before they can read").selectOption("1");
    await ownerPage.getByRole("button", { name: "Save" }).click();
    await expectText(ownerPage, "Saved.");
    await ownerPage.getByRole("checkbox", { name: /Bank login/ }).check();
    await expectText(ownerPage, "Bank login: shared with Carla Care if you cannot act.");
    await checkLightAndDark(ownerPage, "caregivers-screen", { fullPage: true });
    accessLink = await handOverAccessKey(ownerPage, carla);
  });

  it("Anna reports; after the wait Carla reads it on a phone, until a day", async () => {
    await apiRequest("POST", "/api/verifier/report/code", { email: anna.email });
    const code = codeFrom(await latestMailTo(anna.email, { subject: /code/ }));
    const signed = await apiRequest<{ session: string }>("POST", "/api/verifier/report/sign-in", {
      email: anna.email,
      code,
    });
    const made = await apiRequest("POST", "/api/verifier/report/make", {
      session: signed.body.session,
      verifierId: annaId,
      kind: "incapacity",
    });
    expect(made.status).toBe(200);
    await advanceReleaseClock(DAY + 60_000);

    const opened = await latestMailTo(carla, { subject: /asked you to look after/ });
    const page = await portalSignIn({
      email: carla,
      releaseMail: opened,
      accessLink,
      viewport: MOBILE,
    });
    await expectText(page, "Looking after things for Olive Owner");
    await expectText(page, "You can read this until");
    await checkLightAndDark(page, "care-list");
    await page.getByRole("link", { name: "Bank login" }).click();
    await expectText(page, "You cannot change or download it.");
    await page.getByRole("button", { name: "Show password" }).waitFor();
    await checkLightAndDark(page, "care-item");

    // Olive is back: one button ends it, and Carla's page says so in plain words
    await openPath(ownerPage, "/release");
    const card = ownerPage.getByRole("region", { name: "If you cannot act" });
    await expectText(card, "Your caregivers can read the 1 item you marked until");
    await checkLightAndDark(ownerPage, "incapacity-card", { part: card });
    await card.getByRole("button", { name: "End their access now" }).click();
    await expectText(card, "You ended your caregivers' last access on");
    await page.reload();
    await expectText(page, "You can no longer read this. Your access has ended.");
  });
});
