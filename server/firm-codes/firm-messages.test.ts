import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FIRM_CODE_MSG } from "../../common/firm-codes.js";
import { FIRM_MSG } from "../../common/firms.js";
import { INVITATION_MSG } from "../../common/invitations.js";
import { user } from "../db/schema/index.js";
import { buildFirm } from "../../test/factories/firm.js";
import {
  TestClient,
  buildUser,
  createTestContext,
  uniqueEmail,
  type TestContext,
} from "../../test/harness.js";

/** Issue 16 point 10: the spec's firm messages where the spec puts them (spec 01 §5, §8; spec 02 §8). */

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

type Refusal = { error: { code: string; message: string } };

describe("firm messages", () => {
  it("the firm-code look-up: a blank code is 'Please enter a valid firm code', an unknown one 'Invalid firm code'", async () => {
    const visitor = new TestClient(ctx);
    for (const blank of ["", "%20%20", "-"]) {
      const res = await visitor.json<Refusal>("GET", `/api/firms/lookup?code=${blank}`);
      expect(res.status).toBe(400);
      expect(res.body.error.message).toBe(FIRM_CODE_MSG.firmCodeBlank);
    }
    const missing = await visitor.json<Refusal>("GET", "/api/firms/lookup");
    expect(missing.body.error.message).toBe(FIRM_CODE_MSG.firmCodeBlank);
    const unknown = await visitor.json<Refusal>("GET", "/api/firms/lookup?code=NOPE99");
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.message).toBe(FIRM_CODE_MSG.invalidFirmCode);
  });

  it("a look-up that fails (not a code that matched nothing) is 'Failed to find firm', at the look-up and at the join", async () => {
    const { firmCode } = await buildFirm(ctx);
    const joiner = await buildUser(ctx);
    const db = ctx.services.deps.db;
    await db.execute(sql`alter table firm_codes rename to firm_codes_away`);
    try {
      const looked = await new TestClient(ctx).json<Refusal>(
        "GET",
        `/api/firms/lookup?code=${firmCode}`,
      );
      expect(looked.status).toBe(500);
      expect(looked.body.error.message).toBe(FIRM_CODE_MSG.firmLookupFailed);
      const joined = await joiner.client.json<Refusal>("POST", "/api/firms/join", {
        code: firmCode,
      });
      expect(joined.status).toBe(500);
      expect(joined.body.error.message).toBe(FIRM_CODE_MSG.firmLookupFailed);
    } finally {
      await db.execute(sql`alter table firm_codes_away rename to firm_codes`);
    }
    const ok = await new TestClient(ctx).json("GET", `/api/firms/lookup?code=${firmCode}`);
    expect(ok.status).toBe(200);
  });

  it("GET /api/firm: 'No firm information found' for someone in no firm, 'Could not find firm details' when the firm is gone", async () => {
    const loner = await buildUser(ctx);
    const none = await loner.client.json<Refusal>("GET", "/api/firm");
    expect(none.status).toBe(404);
    expect(none.body.error.message).toBe(FIRM_MSG.noFirmInformation);

    const { admin, adminId } = await buildFirm(ctx);
    expect((await admin.get("/api/firm")).status).toBe(200);
    // The session's copy names a firm that does not exist (a firm deleted while signed in).
    await ctx.services.deps.db
      .update(user)
      .set({ firmId: "00000000-0000-4000-8000-000000000000" })
      .where(eq(user.id, adminId));
    const gone = await admin.json<Refusal>("GET", "/api/firm");
    expect(gone.status).toBe(404);
    expect(gone.body.error.message).toBe(FIRM_MSG.firmDetailsNotFound);
  });

  it("sending an invitation without a firm: 'You are not associated with a firm'", async () => {
    const loner = await buildUser(ctx);
    for (const role of ["regular_user", "firm_staff"]) {
      const res = await loner.client.json<Refusal>("POST", "/api/invitations", {
        email: uniqueEmail(),
        role,
      });
      expect(res.status).toBe(404);
      expect(res.body.error.message).toBe(INVITATION_MSG.notAssociated);
    }
  });
});
