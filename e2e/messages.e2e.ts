import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { MESSAGE_MSG } from "../common/messages.js";
import { chooseBeneficiaries } from "./beneficiary-picker.js";
import {
  apiAsUser,
  buildUser,
  checkLightAndDark,
  expectPath,
  expectText,
  keepForSteps,
  openPath,
  signedInPage,
  uniqueEmail,
} from "./fixtures.js";

/**
 * Messages for later (docs/decisions/089), the owner's side: a letter for a beneficiary on her
 * 18th birthday, sealed in the browser (nothing readable is posted), read back, and listed with its
 * day; then its day becomes a milestone that the executor confirms (decision 109). Delivery, keys that wait and the portal are tested over HTTP (server/messages/).
 */
describe("messages for later", () => {
  let page: Page;

  it("writes a letter for a birthday, sealed in the browser, and reads it back", async () => {
    const user = await buildUser({ name: "Olga Letter" });
    page = keepForSteps(await signedInPage(user));
    const emma = uniqueEmail("emma");
    const heir = { name: "Emma Child", email: emma };
    expect((await apiAsUser(page, "POST", "/api/beneficiaries", heir)).status).toBe(201);
    await openPath(page, "/messages");
    await expectText(page, "No messages yet");
    await page.getByRole("main").getByRole("link", { name: "New message" }).first().click();
    await expectPath(page, "/messages/new");
    await page.getByRole("button", { name: "Save message" }).click();
    await expectText(page, MESSAGE_MSG.recipientsRequired);
    await page.getByLabel("Title").fill("For your 18th");
    await chooseBeneficiaries(page, [emma]);
    await page.getByLabel("Your letter").fill("Dear Emma,\n\nI am **so** proud of you.");
    await page.getByRole("radio", { name: /On a birthday/ }).click();
    await page.getByLabel("Their birth date").fill("2015-05-03");
    await expectText(page, "Delivered: On 3 May 2033");
    await checkLightAndDark(page, "message-form");
    const posted = page.waitForRequest(
      (r) => r.url().endsWith("/api/assets") && r.method() === "POST",
    );
    await page.getByRole("button", { name: "Save message" }).click();
    expect((await posted).postData()).not.toMatch(/Emma,|proud|18th|2015/);
    await expectText(page, "I am");
    expect(await page.getByRole("strong").innerText()).toBe("so");
    await expectText(page, "On 3 May 2033");
    await checkLightAndDark(page, "message-detail");
    await page.getByRole("link", { name: "Back to messages" }).click();
    await expectText(page, "For your 18th");
    await expectText(page, `For ${emma}`);
    await checkLightAndDark(page, "message-list");
  });

  it("edits the letter and its day before the release, sealed again in the browser", async () => {
    await page.getByRole("link", { name: "For your 18th" }).click();
    await page.getByRole("button", { name: "Edit" }).click();
    expect(await page.getByLabel("Your letter").inputValue()).toBe(
      "Dear Emma,\n\nI am **so** proud of you.",
    );
    await page.getByLabel("Your letter").fill("Dear Emma,\n\nI am *very* proud of you.");
    await page.getByLabel("Date", { exact: true }).fill("2034-05-03");
    await checkLightAndDark(page, "message-edit");
    const patched = page.waitForRequest(
      (r) => /\/api\/assets\/[0-9a-f-]{36}$/.test(r.url()) && r.method() === "PATCH",
    );
    await page.getByRole("button", { name: "Save changes" }).click();
    expect((await patched).postData()).not.toMatch(/Emma,|proud|18th/);
    await expectText(page, "On 3 May 2034");
    expect(await page.getByRole("emphasis").innerText()).toBe("very");
    await page.reload();
    await expectText(page, "On 3 May 2034");
    await expectText(page, "proud of you");
  });

  it("waits for a milestone its executor confirms, the description shown as in clear (decision 109)", async () => {
    const executor = { name: "Ed Executor", email: uniqueEmail("ed"), isExecutor: true };
    expect((await apiAsUser(page, "POST", "/api/beneficiaries", executor)).status).toBe(201);
    await page.getByRole("button", { name: "Edit" }).click();
    await page.getByRole("radio", { name: /When something happens/ }).click();
    await page.getByLabel("What has to happen").fill("Emma's wedding day");
    await expectText(page, "Shown in clear to the person who confirms it");
    await expectText(page, "Your firm can confirm it only if you are a client of a firm.");
    await page.getByRole("radio", { name: /My executor/ }).click();
    await expectText(page, "Delivered: When Emma's wedding day is confirmed by your executor");
    await checkLightAndDark(page, "message-milestone");
    await page.getByRole("button", { name: "Save changes" }).click();
    await expectText(page, "When Emma's wedding day is confirmed by your executor");
    await page.getByRole("link", { name: "Back to messages" }).click();
    await expectText(page, "When Emma's wedding day is confirmed by your executor");
  });
});
