import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FAIL_TITLE, injectDatabaseFault } from "../../test/db-fault.js";
import { buildAsset } from "../../test/factories/assets.js";
import {
  TestClient,
  buildUser,
  createTestContext,
  uniqueEmail,
  type TestContext,
} from "../../test/harness.js";
import { createLogger } from "../logger.js";

/** Everything the server logs, at debug level, for the whole file. */
const lines: string[] = [];
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext(
    {},
    { log: createLogger("debug", (_level, line) => lines.push(line)) },
  );
  await injectDatabaseFault(ctx);
});
afterAll(() => ctx.close());

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
type ErrorBody = {
  error: { code: string; message: string; authCode?: string; requestId?: string };
};

/** The answer's status, its X-Request-Id and the error body's requestId, which must be that id. */
async function errorAnswer(res: Response) {
  const id = res.headers.get("x-request-id") ?? "";
  const body = (await res.json()) as ErrorBody;
  expect(id).toMatch(UUID);
  expect(body.error.requestId).toBe(id);
  return { status: res.status, id, body };
}

describe("request ids", () => {
  it("every answer, success or not, carries its own random X-Request-Id; a client's own is never taken", async () => {
    const client = new TestClient(ctx);
    const a = await client.get("/api/health");
    const b = await client.request("GET", "/api/health", undefined, {
      "x-request-id": "chosen-by-the-client",
    });
    expect(a.status).toBe(200);
    expect(a.headers.get("x-request-id")).toMatch(UUID);
    expect(b.headers.get("x-request-id")).toMatch(UUID);
    expect(b.headers.get("x-request-id")).not.toBe(a.headers.get("x-request-id"));
    expect((await client.get("/")).headers.get("x-request-id")).toMatch(UUID); // outside /api too
  });

  it("error answers of every kind carry requestId equal to X-Request-Id: 400, 401, 404, 413, 429 and better-auth's own", async () => {
    const user = await buildUser(ctx);
    const stranger = new TestClient(ctx);
    const seen = new Set<string>();
    const expectError = async (res: Response, status: number, code: string) => {
      const answer = await errorAnswer(res);
      expect([answer.status, answer.body.error.code]).toEqual([status, code]);
      expect(seen.has(answer.id)).toBe(false);
      seen.add(answer.id);
      return answer;
    };

    await expectError(
      await stranger.post("/api/register", { name: "", email: "not an e-mail", password: "x" }),
      400,
      "VALIDATION",
    );
    await expectError(await stranger.get("/api/me"), 401, "UNAUTHENTICATED");
    await expectError(await user.client.get("/api/no-such-route"), 404, "NOT_FOUND");
    await expectError(
      await user.client.get("/api/assets/00000000-0000-4000-8000-000000000000"),
      404,
      "NOT_FOUND",
    );
    const big = JSON.stringify({ title: "x".repeat(600 * 1024) });
    await expectError(
      await user.client.send("POST", "/api/assets", big, { "content-type": "application/json" }),
      413,
      "PAYLOAD_TOO_LARGE",
    );

    // better-auth's error, remapped by server/auth/handler.ts
    const wrong = await expectError(
      await stranger.post("/api/auth/sign-in/email", {
        email: user.email,
        password: "Wrong-Password-1",
      }),
      401,
      "UNAUTHENTICATED",
    );
    expect(wrong.body.error.authCode).toBe("INVALID_EMAIL_OR_PASSWORD");

    // the portal's code requests allow 10 per address in 10 minutes
    const flooder = new TestClient(ctx);
    for (let i = 0; i < 10; i++)
      expect((await flooder.post("/api/legacy/code", { email: uniqueEmail("heir") })).status).toBe(
        200,
      );
    await expectError(
      await flooder.post("/api/legacy/code", { email: uniqueEmail("heir") }),
      429,
      "RATE_LIMITED",
    );
  });

  it("a 500 carries the request id, and the error's log line carries the same id", async () => {
    const { client } = await buildUser(ctx);
    const asset = await buildAsset(client);
    const before = lines.length;
    const { status, id, body } = await errorAnswer(
      await client.patch(`/api/assets/${asset.id}`, { encryptedTitle: FAIL_TITLE }),
    );
    expect(status).toBe(500);
    expect(body.error.code).toBe("INTERNAL");
    const logged = lines.slice(before).filter((line) => line.includes("injected fault"));
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatch(
      new RegExp(`^\\S+ ERROR requestId=${id} PATCH /api/assets/${asset.id}: `),
    );
  });

  it("every line logged while a request is handled carries its id", async () => {
    const client = new TestClient(ctx);
    const before = lines.length;
    // better-auth logs through the app's logger: a sign-in for an unknown address writes at least one line
    const res = await client.post("/api/auth/sign-in/email", {
      email: uniqueEmail("nobody"),
      password: "Wrong-Password-1",
    });
    const { id } = await errorAnswer(res);
    const during = lines.slice(before);
    expect(during.length).toBeGreaterThan(0);
    for (const line of during) expect(line).toContain(`requestId=${id}`);
  });
});
