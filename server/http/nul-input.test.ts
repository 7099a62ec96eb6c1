import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { buildUser, createTestContext, type TestContext } from "../../test/harness.js";
import { AppError } from "../errors.js";
import { NUL_MESSAGE, parseWith } from "./validate.js";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

describe("text with a NUL character (PostgreSQL text cannot hold it)", () => {
  it("is refused by validation, naming the field, however deep", () => {
    const schema = z.object({ a: z.array(z.object({ b: z.string() })) });
    expect(() => parseWith(schema, { a: [{ b: "ok" }, { b: "x\u0000y" }] })).toThrow(
      new AppError("VALIDATION", NUL_MESSAGE, { "a.1.b": NUL_MESSAGE }),
    );
    expect(parseWith(schema, { a: [{ b: "ok" }] })).toEqual({ a: [{ b: "ok" }] });
  });

  it("answers 400 with the message, not a database error, on every JSON route", async () => {
    const { client } = await buildUser(ctx);
    for (const [method, path, body] of [
      ["PATCH", "/api/profile", { name: "Ada\u0000" }],
      ["POST", "/api/beneficiaries", { name: "Bo\u0000b", email: "bob@example.com" }],
      ["PUT", "/api/release/plan", { inactivityMonths: null, waitDays: 7, extra: "\u0000" }],
    ] as const) {
      const res = await client.json<{ error: { message: string } }>(method, path, body);
      expect([path, res.status, res.body.error.message]).toEqual([path, 400, NUL_MESSAGE]);
    }
  });
});
