import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildAsset } from "../../test/factories/assets.js";
import { buildFirm } from "../../test/factories/firm.js";
import { buildPng } from "../../test/factories/images.js";
import { buildInvitedMember } from "../../test/factories/people.js";
import {
  advance,
  DAY_MS,
  mailsTo,
  portalClient,
  releaseByAttestation,
} from "../../test/factories/release.js";
import type { LegacyItemsView } from "../../common/legacy.js";
import {
  buildUser,
  createTestContext,
  lastMailTo,
  uniqueEmail,
  type TestContext,
} from "../../test/harness.js";
import { createOffsetClock } from "../clock.js";

/**
 * E-mails sent in a firm's name (decision 095): the invitation its invitee gets, and the release
 * e-mails its client and the client's beneficiaries get carry its name, and its colour in the
 * HTML part; someone who is no firm's client gets the plain Legacy Vault look.
 */
let ctx: TestContext;
const clock = createOffsetClock();
beforeAll(async () => {
  ctx = await createTestContext({}, { clock });
});
afterAll(() => ctx.close());

const COLOUR = "#7a1f3d";
const brandFirm = async () => {
  const firm = await buildFirm(ctx, { name: `Hale <&> ${Math.random().toString(36).slice(2, 7)}` });
  const slug = `hale-${Math.random().toString(36).slice(2, 8)}`;
  await firm.admin.request("PATCH", "/api/firm/page", {
    slug,
    brandColor: COLOUR,
    isCodeOnPage: false,
  });
  return { ...firm, slug };
};
const escaped = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

describe("e-mails in the firm's name", () => {
  it("an invitation carries the firm's name and colour, the name escaped in HTML", async () => {
    const firm = await brandFirm();
    const email = uniqueEmail("invitee");
    expect(
      (await firm.admin.request("POST", "/api/invitations", { email, role: "regular_user" }))
        .status,
    ).toBe(200);
    const mail = await lastMailTo(ctx, email);
    expect(mail.text).toContain(`— ${firm.firmName}, with Legacy Vault`);
    expect(mail.html).toContain(`background:${COLOUR};color:#ffffff`);
    expect(mail.html).toContain(escaped(firm.firmName));
    expect(mail.html).not.toContain(firm.firmName);
  });

  it("the release e-mails of a firm's client and beneficiary carry the firm's brand", async () => {
    const firm = await brandFirm();
    const owner = await buildInvitedMember(ctx, firm.admin, "regular_user", "Olga Owner");
    const heir = uniqueEmail("heir");
    await buildAsset(owner.client, { title: "Bank", beneficiaryEmails: [heir] });
    await releaseByAttestation(ctx, clock, { firmAdmin: firm.admin, owner });
    for (const to of [heir, owner.email]) {
      const mail = await lastMailTo(ctx, to);
      expect(mail.template, to).toMatch(/^release-(beneficiary|owner)-released$/);
      expect(mail.text).toContain(`— ${firm.firmName}, with Legacy Vault`);
      expect(mail.html).toContain(`background:${COLOUR}`);
    }
    // the heir's link names the firm's page, so the portal's sign-in carries its band
    expect((await lastMailTo(ctx, heir)).text).toContain(
      `/legacy?email=${encodeURIComponent(heir)}&firm=${firm.slug}`,
    );
    // the portal the beneficiary opens names the firm and its colour (decision 100)
    const portal = await portalClient(ctx, heir);
    const items = await portal.json<LegacyItemsView>("GET", "/api/legacy/items");
    expect(items.body.firms).toEqual([{ name: firm.firmName, brandColor: COLOUR }]);
  });

  it("the client's own release e-mails carry the brand too: the wait started, its last day, the cancel, the inactivity reminder", async () => {
    const firm = await brandFirm();
    const owner = await buildInvitedMember(ctx, firm.admin, "regular_user", "Olga Owner");
    const branded = async (template: string) => {
      const mail = (await mailsTo(ctx, owner.email)).find((m) => m.template === template);
      expect(mail, template).toBeDefined();
      expect(mail?.text, template).toContain(`— ${firm.firmName}, with Legacy Vault`);
      expect(mail?.html, template).toContain(`background:${COLOUR}`);
    };
    await firm.admin.json("POST", `/api/clients/${owner.id}/release`, {
      attesterName: "Ada Admin",
      eventDate: "2026-11-01",
    });
    await branded("release-wait-started");
    await advance(ctx, clock, 6.5 * DAY_MS);
    await branded("release-wait-last-day");
    expect((await owner.client.json("POST", "/api/release/cancel")).status).toBe(200);
    await branded("release-cancelled");
    // a three-month plan: its first reminder comes weeks before the end
    const plan = { inactivityMonths: 3, waitDays: 7 };
    expect((await owner.client.json("PUT", "/api/release/plan", plan)).status).toBe(200);
    await advance(ctx, clock, 85 * DAY_MS);
    await branded("release-inactivity-reminder");
  });

  it("with a logo, the invitation shows it in the band, linked from the app's address", async () => {
    const firm = await brandFirm();
    const png = buildPng(32, 18);
    const put = await firm.admin.send("PUT", "/api/firm/logo", png, {
      "content-type": "image/png",
      "content-length": String(png.length),
    });
    expect(put.status).toBe(200);
    const email = uniqueEmail("invitee");
    await firm.admin.request("POST", "/api/invitations", { email, role: "regular_user" });
    const mail = await lastMailTo(ctx, email);
    expect(mail.html).toMatch(
      /<img src="http:\/\/localhost:3999\/storage\/firm-logos\/[^"]+" alt=""/,
    );
    expect(mail.text).not.toContain("<img");
  });

  it("an e-mail not sent in a firm's name (a sign-up confirmation) keeps the plain look", async () => {
    const email = uniqueEmail("solo");
    await buildUser(ctx, { email });
    const mail = await lastMailTo(ctx, email);
    expect(mail.text).toMatch(/— Legacy Vault$/);
    expect(mail.html).not.toContain("with Legacy Vault");
  });
});
