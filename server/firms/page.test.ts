import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FIRM_PAGE_MSG } from "../../common/firm-page.js";
import type { FirmView } from "../../common/firms.js";
import { buildFirm } from "../../test/factories/firm.js";
import { buildInvitedMember } from "../../test/factories/people.js";
import { TestClient, createTestContext, type TestContext } from "../../test/harness.js";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

type Page = {
  page: { name: string; logoUrl: string | null; brandColor: string; joinCode: string | null };
};
type Refusal = { error: { message: string; fields?: Record<string, string> } };
const tag = () => Math.random().toString(36).slice(2, 8);
const settings = (
  slug: string,
  more: { brandColor?: string | null; isCodeOnPage?: boolean } = {},
) => ({
  slug,
  brandColor: more.brandColor ?? null,
  isCodeOnPage: more.isCodeOnPage ?? false,
});

describe("the firm page's address", () => {
  it("is made from the name at registration, numbered when another firm has it", async () => {
    const t = tag();
    const first = await buildFirm(ctx, { name: `Smith & Jones ${t} LLP` });
    const second = await buildFirm(ctx, { name: `Smith Jones ${t} LLP` });
    const a = await first.admin.json<{ firm: FirmView }>("GET", "/api/firm");
    const b = await second.admin.json<{ firm: FirmView }>("GET", "/api/firm");
    expect(a.body.firm.page).toEqual({
      slug: `smith-jones-${t}-llp`,
      brandColor: null,
      isCodeOnPage: false,
    });
    expect(b.body.firm.page.slug).toBe(`smith-jones-${t}-llp-2`);
  });

  it("is changed by the admin within limits; another firm's address is refused", async () => {
    const a = await buildFirm(ctx);
    const b = await buildFirm(ctx);
    const slug = `hale-${tag()}`;
    const saved = await a.admin.json<{ firm: FirmView }>(
      "PATCH",
      "/api/firm/page",
      settings(` ${slug.toUpperCase()} `),
    );
    expect(saved.status).toBe(200);
    expect(saved.body.firm.page.slug).toBe(slug);
    const taken = await b.admin.json<Refusal>("PATCH", "/api/firm/page", settings(slug));
    expect(taken.status).toBe(409);
    expect(taken.body.error.fields?.slug).toBe(FIRM_PAGE_MSG.slugTaken);
    for (const [bad, message] of [
      ["ab", FIRM_PAGE_MSG.slugLength],
      ["a".repeat(41), FIRM_PAGE_MSG.slugLength],
      ["hale_and_co", FIRM_PAGE_MSG.slugCharacters],
      ["-hale", FIRM_PAGE_MSG.slugCharacters],
    ] as const) {
      const res = await a.admin.json<Refusal>("PATCH", "/api/firm/page", settings(bad));
      expect(res.status, bad).toBe(400);
      expect(JSON.stringify(res.body), bad).toContain(message);
    }
    // re-saving its own address is no conflict
    expect((await a.admin.request("PATCH", "/api/firm/page", settings(slug))).status).toBe(200);
  });
});

describe("the brand colour", () => {
  it("is kept when white text on it reaches WCAG AA, refused with the ratio otherwise", async () => {
    const { admin } = await buildFirm(ctx);
    const slug = `colour-${tag()}`;
    const ok = await admin.json<{ firm: FirmView }>(
      "PATCH",
      "/api/firm/page",
      settings(slug, { brandColor: "#7A1F3D" }),
    );
    expect(ok.body.firm.page.brandColor).toBe("#7a1f3d");
    const light = await admin.json<Refusal>(
      "PATCH",
      "/api/firm/page",
      settings(slug, { brandColor: "#ffd700" }),
    );
    expect(light.status).toBe(400);
    expect(JSON.stringify(light.body)).toContain(FIRM_PAGE_MSG.colorContrast(1.4));
    const bad = await admin.json<Refusal>(
      "PATCH",
      "/api/firm/page",
      settings(slug, { brandColor: "red" }),
    );
    expect(JSON.stringify(bad.body)).toContain(FIRM_PAGE_MSG.colorFormat);
  });
});

describe("the public page", () => {
  it("answers name, logo, colour and nothing else; the code only when the firm publishes one", async () => {
    const firm = await buildFirm(ctx);
    const slug = `page-${tag()}`;
    await firm.admin.request("PATCH", "/api/firm/page", settings(slug, { brandColor: "#14532d" }));
    const visitor = new TestClient(ctx);
    const closed = await visitor.json<Page>("GET", `/api/firm-pages/${slug}`);
    expect(closed.status).toBe(200);
    expect(closed.body.page).toEqual({
      name: firm.firmName,
      logoUrl: null,
      brandColor: "#14532d",
      joinCode: null,
    });

    await firm.admin.request("PATCH", "/api/firm/page", settings(slug, { isCodeOnPage: true }));
    const open = await visitor.json<Page>("GET", `/api/firm-pages/${slug}`);
    const code = open.body.page.joinCode ?? "";
    expect(code).toMatch(/^[2-9A-Z]{8}$/);
    expect(code).not.toBe(firm.firmCode);
    expect(open.body.page.brandColor).toBe("#1d4ed8"); // no colour chosen: the default
    const found = await visitor.json<{ firm: { id: string } }>(
      "GET",
      `/api/firms/lookup?code=${code}`,
    );
    expect(found.body.firm.id).toBe(firm.firmId);
    // saved again with the code on: the same code, not a new one
    await firm.admin.request("PATCH", "/api/firm/page", settings(slug, { isCodeOnPage: true }));
    expect((await visitor.json<Page>("GET", `/api/firm-pages/${slug}`)).body.page.joinCode).toBe(
      code,
    );

    await firm.admin.request("PATCH", "/api/firm/page", settings(slug, { isCodeOnPage: false }));
    expect(
      (await visitor.json<Page>("GET", `/api/firm-pages/${slug}`)).body.page.joinCode,
    ).toBeNull();
    expect((await visitor.request("GET", `/api/firms/lookup?code=${code}`)).status).toBe(404);
  });

  it("answers an unknown, malformed or unclaimed firm's slug as the same not-found", async () => {
    const visitor = new TestClient(ctx);
    const unclaimed = await visitor.json<{ id: string }>("POST", "/api/firms", {
      name: `Unclaimed ${tag()} LLP`,
      phone: null,
      address: null,
    });
    expect(unclaimed.status).toBe(201);
    const answers = [];
    for (const slug of [`nobody-${tag()}`, "NO_SUCH", `unclaimed-${tag()}`])
      answers.push(await visitor.json<Refusal>("GET", `/api/firm-pages/${slug}`));
    for (const a of answers) {
      expect(a.status).toBe(404);
      expect(a.body.error.message).toBe(answers[0]?.body.error.message);
    }
  });
});

describe("someone else cannot change the firm page", () => {
  it("staff, assistants, clients, another firm's admin and the signed-out", async () => {
    const a = await buildFirm(ctx);
    const b = await buildFirm(ctx);
    const slug = `kept-${tag()}`;
    await a.admin.request("PATCH", "/api/firm/page", settings(slug, { brandColor: "#1e3a8a" }));
    const attempt = settings(`taken-${tag()}`, { brandColor: "#000000", isCodeOnPage: true });
    for (const role of ["firm_staff", "firm_assistant", "regular_user"] as const) {
      const member = await buildInvitedMember(ctx, a.admin, role);
      expect((await member.client.request("PATCH", "/api/firm/page", attempt)).status, role).toBe(
        404,
      );
    }
    expect((await new TestClient(ctx).request("PATCH", "/api/firm/page", attempt)).status).toBe(
      401,
    );
    // another firm's admin changes its own firm only
    await b.admin.request("PATCH", "/api/firm/page", attempt);
    const page = await new TestClient(ctx).json<Page>("GET", `/api/firm-pages/${slug}`);
    expect(page.body.page).toMatchObject({
      name: a.firmName,
      brandColor: "#1e3a8a",
      joinCode: null,
    });
  });
});
