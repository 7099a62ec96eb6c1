import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TestClient, createTestContext, type TestContext } from "../../test/harness.js";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

describe("GET /api/health", () => {
  it("answers 200 {status:'ok'} with the database up, without a session", async () => {
    const res = await new TestClient(ctx).json<{ status: string; database: { state: string } }>(
      "GET",
      "/api/health",
    );
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: "ok", database: { state: "up" } });
  });
});
