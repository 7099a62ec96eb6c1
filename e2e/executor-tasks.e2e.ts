import { randomUUID } from "node:crypto";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import {
  apiAsUser,
  buildUser,
  checkLightAndDark,
  expectNoAxeViolations,
  expectText,
  keepForSteps,
  latestMailTo,
  settle,
  signedInPage,
  uniqueEmail,
} from "./fixtures.js";
import { download, handOverAccessKey, portalSignIn, releaseByInactivity } from "./release-setup.js";
import { storeItem } from "./sealed-items.js";
import { dataKeyOf } from "./sealed-titles.js";

/**
 * Issue 36 item 4, the executor's workspace (docs/decisions/099): after a release the executor
 * opens it with their access key, makes the task list from the inventory and the platforms they
 * tick, and works a task: status, due date, a note and a proof, sealed in their browser and read
 * back after a reload.
 */
describe("the executor's workspace", () => {
  const executor = { name: "Emma Executor", email: uniqueEmail("emma") };
  const secretNote = `Branch manager said to bring the death certificate ${randomUUID()}`;
  const proof = {
    name: "closure letter.txt",
    mimeType: "text/plain",
    buffer: Buffer.from(`The account is closed. ${randomUUID()}\n`),
  };
  let ownerPage: Page;
  let accessLink = "";
  let page: Page;

  it("the owner names an executor, keeps two inventory entries and hands over the access key; then the release", async () => {
    const owner = await buildUser({ name: "Olga Owner" });
    ownerPage = keepForSteps(await signedInPage(owner));
    const added = await apiAsUser(ownerPage, "POST", "/api/beneficiaries", {
      ...executor,
      isExecutor: true,
    });
    expect(added.status).toBe(201);
    const dk = await dataKeyOf(ownerPage, owner.password);
    await storeItem(ownerPage, dk, {
      type: "estate",
      title: "Chase current account",
      content: { category: "bank", institution: "Chase", action: "close" },
    });
    await storeItem(ownerPage, dk, {
      type: "estate",
      title: "Netflix",
      content: { category: "subscription", institution: "Netflix", action: "close" },
    });
    accessLink = await handOverAccessKey(ownerPage, executor.email);

    await releaseByInactivity(ownerPage);
  });

  it("the executor opens the workspace and makes the list from the inventory and a ticked platform", async () => {
    const releaseMail = await latestMailTo(executor.email, { subject: /has left you something/ });
    page = keepForSteps(await portalSignIn({ email: executor.email, releaseMail, accessLink }));
    await expectText(page, "Olga Owner's estate: your tasks as executor");
    await page.getByRole("link", { name: "Open your tasks" }).click();
    await page
      .getByRole("heading", { level: 1, name: "Olga Owner's estate: your tasks" })
      .waitFor();
    await expectText(page, "Each of the 2 inventory entries left to you without a task gets one");
    await page.getByRole("checkbox", { name: "Facebook" }).check();
    await settle(page);
    await expectNoAxeViolations(page);
    await page.getByRole("button", { name: "Add 3 tasks" }).click();
    await expectText(page, "3 tasks added");
    const tasks = page.getByRole("list", { name: "Tasks" });
    for (const [title, action] of [
      ["Chase current account", "Close it"],
      ["Netflix", "Cancel it"],
      ["Facebook", "Ask for a memorial"],
    ] as const)
      await expectText(tasks.getByRole("listitem").filter({ hasText: title }), action);
    // nothing is left to add from the inventory; the other platforms still can be
    await expectText(page, "Every inventory entry left to you has its task.");
    await expect(page.getByRole("checkbox", { name: "Facebook" }).count()).resolves.toBe(0);
  });

  it("a task takes a status, a due date, a sealed note and a proof, all read back after a reload", async () => {
    await page.getByRole("button", { name: "Open the task: Chase current account" }).click();
    await page.getByLabel("Status").selectOption({ label: "In progress" });
    await page.getByLabel("Due").fill("2027-01-15");
    await page.getByLabel("Note").fill(secretNote);
    await page.getByLabel("Add a proof").setInputFiles(proof);
    await expectText(page, `Added ${proof.name}`);
    await expectText(page, /Proof 1, /);
    await settle(page);
    await expectNoAxeViolations(page);
    await checkLightAndDark(page, "executor-task-open");
    await page.getByRole("button", { name: "Save the task" }).click();
    await expectText(page, "Task saved");
    const row = page.getByRole("listitem").filter({ hasText: "Chase current account" });
    await expectText(row, "In progress");
    await expectText(row, "Has a note");
    await expectText(page.getByRole("region", { name: "What changed" }), /added a proof/);

    // after a reload the workspace opens again with the access key this tab keeps
    await page.reload();
    await page.getByRole("button", { name: "Open the task: Chase current account" }).click();
    await expect(page.getByLabel("Note").inputValue()).resolves.toBe(secretNote);
    const file = await download(page, page.getByRole("button", { name: "Download proof 1" }));
    expect(file.name).toBe(proof.name);
    expect(file.bytes.equals(proof.buffer)).toBe(true);
    await settle(page);
    await checkLightAndDark(page, "executor-workspace");
  });
});
