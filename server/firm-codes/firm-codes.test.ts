import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildFirm } from "../../test/factories/firm.js";
import { buildUser, createTestContext, type TestContext } from "../../test/harness.js";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

type Code = { id: string; code: string; description: string | null; isActive: boolean; createdAt: string };

describe("firm codes", () => {
  it("an admin creates codes: blank generates 6 of A-Z0-9, short input is upper-cased and padded to 6; listed newest first", async () => {
    const { admin } = await buildFirm(ctx);
    const generated = await admin.json<{ code: Code }>("POST", "/api/firm-codes", { description: "" });
    expect(generated.status).toBe(201);
    expect(generated.body.code).toMatchObject({ isActive: true, description: null });
    expect(generated.body.code.code).toMatch(/^[A-Z0-9]{6}$/);
    const custom = await admin.json<{ code: Code }>("POST", "/api/firm-codes", { code: "ab1", description: "Spring seminar" });
    expect(custom.body.code).toMatchObject({ code: "AB1   ", description: "Spring seminar" });
    const list = await admin.json<{ codes: Code[] }>("GET", "/api/firm-codes");
    expect(list.body.codes.map((c) => c.id).slice(0, 2)).toEqual([custom.body.code.id, generated.body.code.id]);
    expect(list.body.codes).toHaveLength(3); // plus the default code
  });

  it("a code in use by any firm cannot be created again", async () => {
    const first = await buildFirm(ctx);
    const second = await buildFirm(ctx);
    await first.admin.post("/api/firm-codes", { code: "ZX9Q" });
    const dup = await second.admin.json<{ error: { message: string } }>("POST", "/api/firm-codes", { code: "zx9q" });
    expect(dup.status).toBe(409);
    const own = await second.admin.json("POST", "/api/firm-codes", { code: second.firmCode });
    expect(own.status).toBe(409);
  });

  it("deactivated codes stop working for joining and cannot be reactivated", async () => {
    const { admin, firmName } = await buildFirm(ctx);
    const created = await admin.json<{ code: Code }>("POST", "/api/firm-codes", { code: "JOIN7" });
    const joiner = await buildUser(ctx);
    expect((await joiner.client.json<{ firm: { name: string } }>("GET", "/api/firms/lookup?code=join7")).body.firm.name).toBe(firmName);
    const off = await admin.json<{ code: Code }>("POST", `/api/firm-codes/${created.body.code.id}/deactivate`);
    expect(off.body.code.isActive).toBe(false);
    expect((await joiner.client.get("/api/firms/lookup?code=JOIN7")).status).toBe(404);
    expect((await joiner.client.post("/api/firms/join", { code: "JOIN7" })).status).toBe(404);
  });

  it("deactivating the default code closes the firm's own code too", async () => {
    const { admin, firmCode } = await buildFirm(ctx);
    const list = await admin.json<{ codes: Code[] }>("GET", "/api/firm-codes");
    const def = list.body.codes.find((c) => c.code === firmCode);
    await admin.post(`/api/firm-codes/${def?.id}/deactivate`);
    const joiner = await buildUser(ctx);
    expect((await joiner.client.get(`/api/firms/lookup?code=${firmCode}`)).status).toBe(404);
  });

  it("staff, clients and other firms' admins cannot list, create or deactivate a firm's codes (answers as not found)", async () => {
    const a = await buildFirm(ctx);
    const b = await buildFirm(ctx);
    const codeOfA = (await a.admin.json<{ codes: Code[] }>("GET", "/api/firm-codes")).body.codes[0];
    const bList = await b.admin.json<{ codes: Code[] }>("GET", "/api/firm-codes");
    expect(bList.body.codes.map((c) => c.id)).not.toContain(codeOfA?.id);
    expect((await b.admin.post(`/api/firm-codes/${codeOfA?.id}/deactivate`)).status).toBe(404);
    const client = await buildUser(ctx);
    await client.client.post("/api/firms/join", { code: a.firmCode });
    expect((await client.client.get("/api/firm-codes")).status).toBe(404);
    expect((await client.client.post("/api/firm-codes", {})).status).toBe(404);
    expect((await client.client.post(`/api/firm-codes/${codeOfA?.id}/deactivate`)).status).toBe(404);
    const still = await a.admin.json<{ codes: Code[] }>("GET", "/api/firm-codes");
    expect(still.body.codes.find((c) => c.id === codeOfA?.id)?.isActive).toBe(true);
  });
});

describe("joining a firm", () => {
  it("a client without a firm joins with a valid code (case and spaces ignored) and appears tied to it", async () => {
    const { firmCode, firmId, firmName } = await buildFirm(ctx);
    const joiner = await buildUser(ctx);
    const res = await joiner.client.json<{ firm: { id: string; name: string } }>("POST", "/api/firms/join", {
      code: ` ${firmCode.toLowerCase().slice(0, 3)} ${firmCode.toLowerCase().slice(3)} `,
    });
    expect(res).toEqual({ status: 200, body: { firm: { id: firmId, name: firmName } } });
    const me = await joiner.client.json<{ user: { firmId: string; firmName: string; role: string } }>("GET", "/api/me");
    expect(me.body.user).toMatchObject({ firmId, firmName, role: "regular_user" });
  });

  it("refuses an invalid code with 'Invalid firm code' and an empty one with 'Please enter a firm code'", async () => {
    const joiner = await buildUser(ctx);
    const bad = await joiner.client.json<{ error: { message: string } }>("POST", "/api/firms/join", { code: "NOPE99" });
    expect(bad.status).toBe(404);
    expect(bad.body.error.message).toBe("Invalid firm code");
    const empty = await joiner.client.json<{ error: { message: string } }>("POST", "/api/firms/join", { code: " " });
    expect(empty.body.error.message).toBe("Please enter a firm code");
  });

  it("a member of a firm cannot switch firms by joining another; firm staff cannot either", async () => {
    const a = await buildFirm(ctx);
    const b = await buildFirm(ctx);
    const joiner = await buildUser(ctx);
    await joiner.client.post("/api/firms/join", { code: a.firmCode });
    expect((await joiner.client.post("/api/firms/join", { code: b.firmCode })).status).toBe(404);
    expect((await a.admin.post("/api/firms/join", { code: b.firmCode })).status).toBe(404);
    const me = await joiner.client.json<{ user: { firmId: string } }>("GET", "/api/me");
    expect(me.body.user.firmId).toBe(a.firmId);
  });

  it("signed-out visitors cannot join; the firm details are visible only to members", async () => {
    const a = await buildFirm(ctx);
    const outsider = await buildUser(ctx);
    expect((await outsider.client.get("/api/firm")).status).toBe(404);
    const firm = await a.admin.json<{ firm: { name: string; firmCode: string } }>("GET", "/api/firm");
    expect(firm.body.firm).toMatchObject({ name: a.firmName, firmCode: a.firmCode });
  });
});
