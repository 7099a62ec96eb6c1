import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { APP_MSG } from "../../common/app.js";
import { TestClient, buildUser, createTestContext, type TestContext } from "../../test/harness.js";

type Me = {
  user: {
    id: string;
    email: string;
    name: string;
    phone: string | null;
    address: string | null;
    role: string;
    firmId: string | null;
  };
};
type ErrorBody = { error: { code: string; message: string; fields?: Record<string, string> } };

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

describe("profile", () => {
  it("GET /api/me and PATCH /api/profile answer 401 when signed out", async () => {
    const client = new TestClient(ctx);
    const me = await client.json<ErrorBody>("GET", "/api/me");
    expect(me.status).toBe(401);
    expect(me.body.error).toEqual({
      code: "UNAUTHENTICATED",
      message: APP_MSG.mustBeLoggedIn,
      requestId: expect.any(String),
    });
    expect(
      (await client.patch("/api/profile", { name: "Someone", phone: null, address: null })).status,
    ).toBe(401);
  });

  it("a forged or stale session cookie is not a session", async () => {
    const res = await new TestClient(ctx).request("GET", "/api/me", undefined, {
      cookie: "lv.session_token=forged.value",
    });
    expect(res.status).toBe(401);
  });

  it("saves name, phone and address, trimmed", async () => {
    const { client, email } = await buildUser(ctx);
    const res = await client.json<Me>("PATCH", "/api/profile", {
      name: "  Dana Saved  ",
      phone: " +1 555 0100 ",
      address: "1 Main St",
    });
    expect(res.status).toBe(200);
    expect(res.body.user).toMatchObject({
      email,
      name: "Dana Saved",
      phone: "+1 555 0100",
      address: "1 Main St",
      role: "regular_user",
    });
    const me = await client.json<Me>("GET", "/api/me");
    expect(me.body.user).toMatchObject({
      name: "Dana Saved",
      phone: "+1 555 0100",
      address: "1 Main St",
    });
  });

  it("validates with the spec's message for a short name", async () => {
    const { client, name } = await buildUser(ctx);
    const res = await client.json<ErrorBody>("PATCH", "/api/profile", {
      name: " A ",
      phone: null,
      address: null,
    });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe("Full name must be at least 2 characters");
    expect(res.body.error.fields).toEqual({ name: "Full name must be at least 2 characters" });
    expect((await client.json<Me>("GET", "/api/me")).body.user.name).toBe(name);
  });

  it("a body that is not JSON is a 400, not a 500", async () => {
    const { client } = await buildUser(ctx);
    const res = await client.request("PATCH", "/api/profile", undefined, {
      "content-type": "application/json",
    });
    expect(res.status).toBe(400);
  });

  it("another user's profile is never returned or changed", async () => {
    const alice = await buildUser(ctx, { name: "Alice Private" });
    const bob = await buildUser(ctx, { name: "Bob Private" });
    const asAlice = await alice.client.json<Me>("GET", "/api/me");
    expect(asAlice.body.user).toMatchObject({
      id: alice.id,
      email: alice.email,
      name: "Alice Private",
    });
    expect(JSON.stringify(asAlice.body)).not.toContain(bob.email);

    const patched = await alice.client.json<Me>("PATCH", "/api/profile", {
      name: "Alice Renamed",
      phone: null,
      address: null,
    });
    expect(patched.body.user.id).toBe(alice.id);
    const asBob = await bob.client.json<Me>("GET", "/api/me");
    expect(asBob.body.user).toMatchObject({ id: bob.id, email: bob.email, name: "Bob Private" });
    expect(JSON.stringify(asBob.body)).not.toContain(alice.email);
  });
});
