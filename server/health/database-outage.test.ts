import { randomBytes } from "node:crypto";
import { afterAll, describe, expect, it } from "vitest";
import { APP_MSG } from "../../common/app.js";
import { openPostgres } from "../db/client.js";
import { withDatabase } from "../../test/global-setup.js";
import { TcpProxy } from "../../test/tcp-proxy.js";
import { TestClient, buildUser, createTestContext, type TestContext } from "../../test/harness.js";
import { PG_SERVER_URL, isPgServerReachable, pgAdmin } from "../../test/pg-admin.js";

type ErrorBody = { error: { code: string; message: string } };

const DB_NAME = `lv_t_outage_${randomBytes(4).toString("hex")}`;

const isServerReachable = await isPgServerReachable();
if (isServerReachable) await pgAdmin((c) => c.query(`create database ${DB_NAME}`));

afterAll(async () => {
  if (isServerReachable)
    await pgAdmin((c) => c.query(`drop database if exists ${DB_NAME} with (force)`));
});

/** An error body says what happened in the user's words: no stack, no SQL, no driver detail. */
function expectCleanUnavailable(res: { status: number; body: ErrorBody }) {
  expect(res.status).toBe(503);
  expect(res.body).toEqual({
    error: {
      code: "DATABASE_UNAVAILABLE",
      message: APP_MSG.databaseUnavailable,
      requestId: expect.stringMatching(/^[0-9a-f-]{36}$/),
    },
  });
}

describe("database outage (pg driver)", () => {
  it.skipIf(!isServerReachable)(
    `answers 503 DATABASE_UNAVAILABLE while PostgreSQL is unreachable and recovers without a restart (skipped when no PostgreSQL server is reachable at ${new URL(PG_SERVER_URL).host})`,
    async () => {
      const server = new URL(PG_SERVER_URL);
      const proxy = new TcpProxy({ host: server.hostname, port: Number(server.port || 5432) });
      await proxy.start();
      const viaProxy = new URL(withDatabase(PG_SERVER_URL, DB_NAME));
      viaProxy.host = `127.0.0.1:${proxy.port}`;
      let ctx: TestContext | undefined;
      try {
        ctx = await createTestContext({}, { database: openPostgres(viaProxy.toString()) });
        const user = await buildUser(ctx);
        expect((await user.client.get("/api/me")).status).toBe(200);

        await proxy.stop();
        const anonymous = new TestClient(ctx);
        expectCleanUnavailable(await user.client.json<ErrorBody>("GET", "/api/me"));
        expectCleanUnavailable(
          await user.client.json<ErrorBody>("PATCH", "/api/profile", {
            name: "Still Here",
            phone: null,
            address: null,
          }),
        );
        expectCleanUnavailable(
          await anonymous.json<ErrorBody>("POST", "/api/auth/sign-in/email", {
            email: user.email,
            password: user.password,
          }),
        );
        expectCleanUnavailable(
          await anonymous.json<ErrorBody>("POST", "/api/register", {
            name: "New Person",
            email: `x${user.email}`,
            password: user.password,
          }),
        );
        const health = await anonymous.json<{ status: string; database: { state: string } }>(
          "GET",
          "/api/health",
        );
        expect(health).toMatchObject({
          status: 503,
          body: { status: "degraded", database: { state: "down" } },
        });

        await proxy.start();
        expect((await anonymous.json("GET", "/api/health")).status).toBe(200);
        const me = await user.client.json<{ user: { email: string } }>("GET", "/api/me");
        expect(me.status).toBe(200);
        expect(me.body.user.email).toBe(user.email);
        const again = new TestClient(ctx);
        expect(
          (
            await again.post("/api/auth/sign-in/email", {
              email: user.email,
              password: user.password,
            })
          ).status,
        ).toBe(200);
      } finally {
        await ctx?.close();
        await proxy.stop();
      }
    },
  );
});
