import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type {
  ApiClientList,
  ApiKeyListView,
  ApiScope,
  CreatedApiKeyView,
} from "../../../common/firm-api.js";
import { buildFirm } from "../../../test/factories/firm.js";
import { buildInvitedMember } from "../../../test/factories/people.js";
import {
  TestClient,
  createTestContext,
  lastMailTo,
  uniqueEmail,
  type TestContext,
} from "../../../test/harness.js";
import { asSystem } from "../../db/actor.js";
import { apiKeys, auditLog, invitations } from "../../db/schema/index.js";
import { API_KEY_LIMIT } from "../../rate-limit/rules.js";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

type Firm = Awaited<ReturnType<typeof buildFirm>>;

async function makeKey(firm: Firm, scopes: ApiScope[], name = "Practice system") {
  const res = await firm.admin.json<CreatedApiKeyView>("POST", "/api/firm/api-keys", {
    name,
    scopes,
  });
  expect(res.status).toBe(201);
  return res.body;
}

/** A machine's call: no cookie, no Origin, only the key. */
async function call(token: string | null, method: string, path: string, body?: unknown) {
  const headers: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {};
  if (body !== undefined) headers["content-type"] = "application/json";
  return ctx.app.request(
    path,
    { method, headers, body: body === undefined ? undefined : JSON.stringify(body) },
    { incoming: { socket: { remoteAddress: "10.9.9.9" } } },
  );
}

const uses = (keyId: string) =>
  asSystem(ctx.services.deps.db, (tx) =>
    tx
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.subjectId, keyId), eq(auditLog.action, "api_key.used"))),
  );

describe("firm API keys", () => {
  it("are shown once, stored as a hash, and read the firm's clients and plan status", async () => {
    const firm = await buildFirm(ctx);
    const client = await buildInvitedMember(ctx, firm.admin, "regular_user", "Carla Client");
    const { key, token } = await makeKey(firm, ["clients:read", "plan-status:read"]);
    expect(token).toMatch(/^lvk_[0-9a-f]{32}_[A-Za-z0-9_-]{43}$/);

    const listed = await firm.admin.json<ApiKeyListView>("GET", "/api/firm/api-keys");
    expect(listed.body.keys.map((k) => k.id)).toEqual([key.id]);
    expect(JSON.stringify(listed.body)).not.toContain(token.slice(-43));
    const [stored] = await asSystem(ctx.services.deps.db, (tx) =>
      tx.select().from(apiKeys).where(eq(apiKeys.id, key.id)),
    );
    expect(stored?.secretHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(stored)).not.toContain(token.slice(-43));

    const clients = await call(token, "GET", "/api/v1/clients");
    expect(clients.status).toBe(200);
    expect(clients.headers.get("cache-control")).toBe("no-store");
    const page = (await clients.json()) as ApiClientList;
    expect(page.clients.map((c) => c.id)).toEqual([client.id]);

    const status = await call(token, "GET", "/api/v1/plan-status?sort=name");
    expect(status.status).toBe(200);
    expect(await status.json()).toMatchObject({ clients: [{ clientId: client.id, score: 0 }] });

    const audited = await uses(key.id);
    expect(audited.map((a) => a.details)).toEqual(
      expect.arrayContaining([
        { method: "GET", path: "/api/v1/clients", status: 200 },
        { method: "GET", path: "/api/v1/plan-status", status: 200 },
      ]),
    );
    expect(audited.every((a) => a.firmId === firm.firmId && a.ip === "10.9.9.9")).toBe(true);
  });

  it("answer 401 without a key, with a malformed or wrong one, and after revocation", async () => {
    const firm = await buildFirm(ctx);
    const { key, token } = await makeKey(firm, ["clients:read"]);
    expect((await call(null, "GET", "/api/v1/clients")).status).toBe(401);
    expect((await call("lvk_nope", "GET", "/api/v1/clients")).status).toBe(401);
    const wrong = `${token.slice(0, -4)}AAAA`;
    expect((await call(wrong, "GET", "/api/v1/clients")).status).toBe(401);
    const session = await firm.admin.request("GET", "/api/v1/clients"); // cookies are not a key
    expect(session.status).toBe(401);

    expect((await call(token, "GET", "/api/v1/clients")).status).toBe(200);
    const revoked = await firm.admin.request("POST", `/api/firm/api-keys/${key.id}/revoke`);
    expect(revoked.status).toBe(200);
    const after = await call(token, "GET", "/api/v1/clients");
    expect(after.status).toBe(401);
    expect(await after.json()).toMatchObject({ error: { code: "UNAUTHENTICATED" } });
    const listed = await firm.admin.json<ApiKeyListView>("GET", "/api/firm/api-keys");
    expect(listed.body.keys[0]?.revokedAt).not.toBeNull();
  });

  it("answer 403 and change nothing outside their scopes", async () => {
    const firm = await buildFirm(ctx);
    const { key, token } = await makeKey(firm, ["plan-status:read"]);
    const clients = await call(token, "GET", "/api/v1/clients");
    expect(clients.status).toBe(403);
    expect(await clients.json()).toMatchObject({ error: { code: "FORBIDDEN" } });
    const email = uniqueEmail("scoped");
    const invite = await call(token, "POST", "/api/v1/invitations", { email });
    expect(invite.status).toBe(403);
    const sent = await asSystem(ctx.services.deps.db, (tx) =>
      tx.select().from(invitations).where(eq(invitations.email, email)),
    );
    expect(sent).toEqual([]);
    expect((await uses(key.id)).map((a) => a.details)).toEqual(
      expect.arrayContaining([{ method: "POST", path: "/api/v1/invitations", status: 403 }]),
    );
  });

  it("of one firm never reach another firm's clients or keys", async () => {
    const firmA = await buildFirm(ctx);
    const firmB = await buildFirm(ctx);
    const clientB = await buildInvitedMember(ctx, firmB.admin, "regular_user", "Bea Other");
    const a = await makeKey(firmA, ["clients:read", "plan-status:read"]);
    const b = await makeKey(firmB, ["clients:read"]);

    const page = (await (await call(a.token, "GET", "/api/v1/clients")).json()) as ApiClientList;
    expect(page.clients.map((c) => c.id)).not.toContain(clientB.id);
    const status = await call(a.token, "GET", "/api/v1/plan-status");
    expect(JSON.stringify(await status.json())).not.toContain(clientB.id);

    // another firm's admin, and the firm's own staff and clients, cannot see or revoke the key
    const staff = await buildInvitedMember(ctx, firmA.admin, "firm_staff", "Sam Staff");
    for (const who of [firmB.admin, staff.client]) {
      const revoke = await who.request("POST", `/api/firm/api-keys/${a.key.id}/revoke`);
      expect(revoke.status).toBe(404);
    }
    const listedB = await firmB.admin.json<ApiKeyListView>("GET", "/api/firm/api-keys");
    expect(listedB.body.keys.map((k) => k.id)).toEqual([b.key.id]);
    expect((await staff.client.request("GET", "/api/firm/api-keys")).status).toBe(404);
    const made = await staff.client.request("POST", "/api/firm/api-keys", {
      name: "x",
      scopes: ["clients:read"],
    });
    expect(made.status).toBe(404);
    expect((await call(a.token, "GET", "/api/v1/clients")).status).toBe(200);
    const missing = "00000000-0000-4000-8000-000000000000";
    expect((await firmA.admin.request("POST", `/api/firm/api-keys/${missing}/revoke`)).status).toBe(
      404,
    );
  });

  it("stop working once their maker is no longer an admin of the firm", async () => {
    const firm = await buildFirm(ctx);
    const { token } = await makeKey(firm, ["clients:read"]);
    await asSystem(ctx.services.deps.db, async (tx) => {
      const { profiles } = await import("../../db/schema/index.js");
      await tx.update(profiles).set({ role: "firm_staff" }).where(eq(profiles.id, firm.adminId));
    });
    expect((await call(token, "GET", "/api/v1/clients")).status).toBe(401);
  });

  it("answer 400 with each field's message for bad input", async () => {
    const firm = await buildFirm(ctx);
    const { token } = await makeKey(firm, ["clients:read", "invitations:send", "plan-status:read"]);
    const badPage = await call(token, "GET", "/api/v1/clients?page=0&sort=height");
    expect(badPage.status).toBe(400);
    const body = (await badPage.json()) as { error: { fields: Record<string, string> } };
    expect(Object.keys(body.error.fields).sort()).toEqual(["page", "sort"]);
    expect((await call(token, "GET", "/api/v1/plan-status?filter=nope")).status).toBe(400);
    expect((await call(token, "GET", "/api/v1/plan-status?extra=1")).status).toBe(400);
    const nul = await call(token, "GET", "/api/v1/clients?search=a%00b");
    expect(nul.status).toBe(400);
    const badEmail = await call(token, "POST", "/api/v1/invitations", { email: "not-an-email" });
    expect(badEmail.status).toBe(400);
    expect(await badEmail.json()).toMatchObject({
      error: { fields: { email: expect.any(String) } },
    });
    const staffRole = await call(token, "POST", "/api/v1/invitations", {
      email: uniqueEmail("x"),
      role: "firm_admin",
    });
    expect(staffRole.status).toBe(400);
    const notJson = await ctx.app.request("/api/v1/invitations", {
      method: "POST",
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
      body: "{",
    });
    expect(notJson.status).toBe(400);
    const badCreate = await firm.admin.request("POST", "/api/firm/api-keys", {
      name: " ",
      scopes: ["vault:read"],
    });
    expect(badCreate.status).toBe(400);
  });

  it("answer 429 with Retry-After past API_KEY_LIMIT requests a minute per key, another key unaffected", async () => {
    const firm = await buildFirm(ctx);
    const busy = await makeKey(firm, ["clients:read"], "Busy system");
    const other = await makeKey(firm, ["clients:read"], "Other system");
    for (let i = 0; i < API_KEY_LIMIT.max; i++) {
      const res = await call(busy.token, "GET", "/api/v1/clients?pageSize=1");
      expect(res.status).toBe(200);
    }
    const refused = await call(busy.token, "GET", "/api/v1/clients?pageSize=1");
    expect(refused.status).toBe(429);
    const wait = Number(refused.headers.get("retry-after"));
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(API_KEY_LIMIT.windowSeconds);
    // from another address too: the limit is the key's
    const elsewhere = await ctx.app.request(
      "/api/v1/clients",
      { headers: { authorization: `Bearer ${busy.token}` } },
      { incoming: { socket: { remoteAddress: "10.8.8.8" } } },
    );
    expect(elsewhere.status).toBe(429);
    expect((await call(other.token, "GET", "/api/v1/clients")).status).toBe(200);
    // the refusals are audited as uses, with their status
    const statuses = (await uses(busy.key.id)).map(
      (u) => (u.details as { status?: number }).status,
    );
    expect(statuses.filter((s) => s === 429)).toHaveLength(2);
    expect(statuses.filter((s) => s === 200)).toHaveLength(API_KEY_LIMIT.max);
  });

  it("invite a client by e-mail with the invitations scope", async () => {
    const firm = await buildFirm(ctx);
    const { token } = await makeKey(firm, ["invitations:send"]);
    const email = uniqueEmail("api-invited");
    const res = await call(token, "POST", "/api/v1/invitations", { email, note: "Welcome" });
    expect(res.status).toBe(202);
    expect(await res.json()).toEqual({ email, isInvited: true });
    expect((await lastMailTo(ctx, email)).text).toContain("/register");
    const [row] = await asSystem(ctx.services.deps.db, (tx) =>
      tx.select().from(invitations).where(eq(invitations.email, email)),
    );
    expect(row).toMatchObject({ role: "regular_user", firmId: firm.firmId });

    // sending it again counts against the maker's resend budget (10 an hour), as on the screen
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++)
      statuses.push((await call(token, "POST", "/api/v1/invitations", { email })).status);
    expect(statuses.slice(0, 10).every((s) => s === 202)).toBe(true);
    expect(statuses[10]).toBe(429);
  });
});

describe("the OpenAPI document", () => {
  it("is served without a key and made from the routes' own schemas", async () => {
    const res = await new TestClient(ctx).get("/api/v1/openapi.json");
    expect(res.status).toBe(200);
    const doc = (await res.json()) as {
      openapi: string;
      paths: Record<string, Record<string, { parameters?: { name: string; schema: unknown }[] }>>;
    };
    expect(doc.openapi).toBe("3.1.0");
    expect(Object.keys(doc.paths).sort()).toEqual(["/clients", "/invitations", "/plan-status"]);
    const sort = doc.paths["/clients"]?.get?.parameters?.find((p) => p.name === "sort");
    expect(sort?.schema).toMatchObject({ enum: ["name", "joined"] });
    expect(JSON.stringify(doc.paths["/invitations"])).toContain('"email"');
  });
});

describe("row-level security", () => {
  it("shows a firm's keys to its own admins only", async () => {
    const firmA = await buildFirm(ctx);
    const firmB = await buildFirm(ctx);
    const a = await makeKey(firmA, ["clients:read"]);
    const { withActor } = await import("../../db/actor.js");
    const seen = (userId: string) =>
      withActor(ctx.services.deps.db, { userId }, (tx) =>
        tx.select({ id: apiKeys.id }).from(apiKeys).where(eq(apiKeys.id, a.key.id)),
      );
    expect(await seen(firmA.adminId)).toEqual([{ id: a.key.id }]);
    expect(await seen(firmB.adminId)).toEqual([]);
  });
});
