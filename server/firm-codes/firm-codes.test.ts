import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildFirm } from "../../test/factories/firm.js";
import { FIRM_CODE_MSG } from "../../common/firm-codes.js";
import { firmCodes } from "../db/schema/index.js";
import { TestClient, buildUser, createTestContext, type TestContext } from "../../test/harness.js";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

type Code = {
  id: string;
  code: string;
  description: string | null;
  isActive: boolean;
  createdAt: string;
};

describe("firm codes", () => {
  it("an admin creates codes: blank generates 8 characters without look-alikes; a chosen code is normalised as typed; listed newest first", async () => {
    const { admin } = await buildFirm(ctx);
    const generated = await admin.json<{ code: Code }>("POST", "/api/firm-codes", {
      description: "",
    });
    expect(generated.status).toBe(201);
    expect(generated.body.code).toMatchObject({ isActive: true, description: null });
    expect(generated.body.code.code).toMatch(/^[23456789ABCDEFGHJKMNPQRSTUVWXYZ]{8}$/);
    const custom = await admin.json<{ code: Code }>("POST", "/api/firm-codes", {
      code: " the-dunes-9 ",
      description: "Spring seminar",
    });
    expect(custom.status).toBe(201);
    expect(custom.body.code).toMatchObject({ code: "THEDUNES9", description: "Spring seminar" });
    const list = await admin.json<{ codes: Code[] }>("GET", "/api/firm-codes");
    expect(list.body.codes.map((c) => c.id).slice(0, 2)).toEqual([
      custom.body.code.id,
      generated.body.code.id,
    ]);
    expect(list.body.codes).toHaveLength(3); // plus the default code
    expect((await new TestClient(ctx).get("/api/firms/lookup?code=The Dunes 9")).status).toBe(200);
  });

  it("refuses codes that could never be used or read reliably, with 400 and a clear message; nothing is created", async () => {
    const { admin } = await buildFirm(ctx);
    const cases = [
      { code: "ab", message: FIRM_CODE_MSG.codeTooShort }, // too short for the join screen (3 or more) to ever look up
      { code: "ABC12", message: FIRM_CODE_MSG.codeTooShort },
      { code: "ABCDEFGHJKM", message: FIRM_CODE_MSG.codeTooLong }, // longer than the join screen accepts
      { code: "BOX2BOX2", message: FIRM_CODE_MSG.codeCharacters }, // O looks like 0
      { code: "ABCD1234", message: FIRM_CODE_MSG.codeCharacters },
      { code: "HELLO-WORLD", message: FIRM_CODE_MSG.codeCharacters },
      { code: "ÄBCDEFGH", message: FIRM_CODE_MSG.codeCharacters },
      { code: "ABCD_EFGH", message: FIRM_CODE_MSG.codeCharacters },
    ];
    for (const { code, message } of cases) {
      const res = await admin.json<{ error: { message: string; fields?: Record<string, string> } }>(
        "POST",
        "/api/firm-codes",
        { code },
      );
      expect(res.status, code).toBe(400);
      expect(res.body.error.message, code).toBe(message);
      expect(res.body.error.fields?.code, code).toBe(message);
    }
    const list = await admin.json<{ codes: Code[] }>("GET", "/api/firm-codes");
    expect(list.body.codes).toHaveLength(1); // only the default code
  });

  it("a code in use by any firm cannot be created again", async () => {
    const first = await buildFirm(ctx);
    const second = await buildFirm(ctx);
    await first.admin.post("/api/firm-codes", { code: "ZX9QZX9Q" });
    const dup = await second.admin.json<{ error: { message: string } }>("POST", "/api/firm-codes", {
      code: "zx9q-zx9q",
    });
    expect(dup.status).toBe(409);
    const own = await second.admin.json("POST", "/api/firm-codes", { code: second.firmCode });
    expect(own.status).toBe(409);
  });

  it("codes made before this format (6 characters, some padded, with 0/O/1/I/L) keep working, typed in any case", async () => {
    const { firmId, firmName } = await buildFirm(ctx);
    await ctx.services.deps.db.insert(firmCodes).values([
      { firmId, code: "OLD0I1", description: "Generated under the old format" },
      { firmId, code: "AB1   ", description: "Chosen and padded to 6" },
    ]);
    for (const typed of ["old0i1", "OLD 0I1", "ab1", "AB-1"]) {
      const res = await new TestClient(ctx).json<{ firm: { name: string } }>(
        "GET",
        `/api/firms/lookup?code=${encodeURIComponent(typed)}`,
      );
      expect(res, typed).toEqual({ status: 200, body: { firm: { id: firmId, name: firmName } } });
    }
  });

  it("deactivated codes stop working for joining and cannot be reactivated", async () => {
    const { admin, firmName } = await buildFirm(ctx);
    const created = await admin.json<{ code: Code }>("POST", "/api/firm-codes", {
      code: "JXYN7777",
    });
    const joiner = await buildUser(ctx);
    expect(
      (
        await joiner.client.json<{ firm: { name: string } }>(
          "GET",
          "/api/firms/lookup?code=jxyn7777",
        )
      ).body.firm.name,
    ).toBe(firmName);
    const off = await admin.json<{ code: Code }>(
      "POST",
      `/api/firm-codes/${created.body.code.id}/deactivate`,
    );
    expect(off.body.code.isActive).toBe(false);
    expect((await joiner.client.get("/api/firms/lookup?code=JXYN7777")).status).toBe(404);
    expect((await joiner.client.post("/api/firms/join", { code: "JXYN7777" })).status).toBe(404);
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
    expect((await client.client.post(`/api/firm-codes/${codeOfA?.id}/deactivate`)).status).toBe(
      404,
    );
    const still = await a.admin.json<{ codes: Code[] }>("GET", "/api/firm-codes");
    expect(still.body.codes.find((c) => c.id === codeOfA?.id)?.isActive).toBe(true);
  });
});

describe("joining a firm", () => {
  it("a client without a firm joins with a valid code (case and spaces ignored) and appears tied to it", async () => {
    const { firmCode, firmId, firmName } = await buildFirm(ctx);
    const joiner = await buildUser(ctx);
    const res = await joiner.client.json<{ firm: { id: string; name: string } }>(
      "POST",
      "/api/firms/join",
      {
        code: ` ${firmCode.toLowerCase().slice(0, 3)} ${firmCode.toLowerCase().slice(3)} `,
      },
    );
    expect(res).toEqual({ status: 200, body: { firm: { id: firmId, name: firmName } } });
    const me = await joiner.client.json<{
      user: { firmId: string; firmName: string; role: string };
    }>("GET", "/api/me");
    expect(me.body.user).toMatchObject({ firmId, firmName, role: "regular_user" });
  });

  it("refuses an invalid code with 'Invalid firm code' and an empty one with 'Please enter a firm code'", async () => {
    const joiner = await buildUser(ctx);
    const bad = await joiner.client.json<{ error: { message: string } }>(
      "POST",
      "/api/firms/join",
      { code: "NOPE99" },
    );
    expect(bad.status).toBe(404);
    expect(bad.body.error.message).toBe("Invalid firm code");
    const empty = await joiner.client.json<{ error: { message: string } }>(
      "POST",
      "/api/firms/join",
      { code: " " },
    );
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
    const firm = await a.admin.json<{ firm: { name: string; firmCode: string } }>(
      "GET",
      "/api/firm",
    );
    expect(firm.body.firm).toMatchObject({ name: a.firmName, firmCode: a.firmCode });
  });
});
