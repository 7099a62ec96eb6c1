import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  buildUser,
  createTestContext,
  lastMailTo,
  uniqueEmail,
  type TestContext,
} from "../../test/harness.js";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

type Beneficiary = {
  id: string;
  name: string;
  email: string;
  phone: string | null;
  relationship: string | null;
  notes: string | null;
  createdAt: string;
};
type Err = { error: { code: string; message: string; fields?: Record<string, string> } };

describe("beneficiaries", () => {
  it("adds a beneficiary (e-mail lower-cased, empty optional fields null) and e-mails them who named them, with no vault content", async () => {
    const owner = await buildUser(ctx, { name: "Grace Hopper" });
    await owner.client.request("PATCH", "/api/profile", {
      name: "Grace B. Hopper",
      phone: null,
      address: null,
    });
    const email = uniqueEmail("heir");
    const res = await owner.client.json<{ beneficiary: Beneficiary; notified: boolean }>(
      "POST",
      "/api/beneficiaries",
      {
        name: "  Ada  ",
        email: `  ${email.toUpperCase()} `,
        phone: "",
        relationship: "Daughter",
        notes: "Gets the piano",
      },
    );
    expect(res.status).toBe(201);
    expect(res.body.notified).toBe(true);
    expect(res.body.beneficiary).toMatchObject({
      name: "Ada",
      email,
      phone: null,
      relationship: "Daughter",
      notes: "Gets the piano",
    });

    const mail = await lastMailTo(ctx, email);
    expect(mail.subject).toBe("Grace B. Hopper named you as a beneficiary on Legacy Vault");
    expect(mail.text).toContain("Hello Ada,");
    expect(mail.text).toContain("Grace B. Hopper has named you as a beneficiary");
    expect(`${mail.text}${mail.html}`).not.toMatch(/piano|Daughter/);
  });

  it("answers notified=false when the e-mail cannot be queued, and keeps the beneficiary", async () => {
    const owner = await buildUser(ctx);
    const deps = ctx.services.deps;
    const sendMail = deps.sendMail;
    deps.sendMail = () => Promise.reject(new Error("outbox unavailable"));
    try {
      const res = await owner.client.json<{ beneficiary: Beneficiary; notified: boolean }>(
        "POST",
        "/api/beneficiaries",
        {
          name: "Bo",
          email: uniqueEmail("bo"),
        },
      );
      expect(res.status).toBe(201);
      expect(res.body.notified).toBe(false);
      expect(
        (await owner.client.json("GET", `/api/beneficiaries/${res.body.beneficiary.id}`)).status,
      ).toBe(200);
    } finally {
      deps.sendMail = sendMail;
    }
  });

  it("validates with the spec's messages", async () => {
    const { client } = await buildUser(ctx);
    const noName = await client.json<Err>("POST", "/api/beneficiaries", {
      name: "  ",
      email: "a@example.com",
    });
    expect(noName.status).toBe(400);
    expect(noName.body.error.fields?.name).toBe("Name is required");
    expect(
      (await client.json<Err>("POST", "/api/beneficiaries", { email: "a@example.com" })).body.error
        .fields?.name,
    ).toBe("Name is required");
    expect(
      (await client.json<Err>("POST", "/api/beneficiaries", { name: "A", email: "not-an-email" }))
        .body.error.fields?.email,
    ).toBe("Valid email is required");
    expect(
      (await client.json<Err>("POST", "/api/beneficiaries", { name: "A" })).body.error.fields
        ?.email,
    ).toBe("Valid email is required");
    expect(
      (
        await client.json<Err>("PATCH", `/api/beneficiaries/00000000-0000-4000-8000-000000000000`, {
          name: "",
        })
      ).status,
    ).toBe(400);
    expect(
      (await client.json<{ beneficiaries: unknown[] }>("GET", "/api/beneficiaries")).body
        .beneficiaries,
    ).toEqual([]);
  });

  it("lists newest first, reads one, edits some fields, deletes", async () => {
    const { client } = await buildUser(ctx);
    const add = (name: string) =>
      client.json<{ beneficiary: Beneficiary }>("POST", "/api/beneficiaries", {
        name,
        email: uniqueEmail(name.toLowerCase()),
      });
    const first = (await add("First")).body.beneficiary;
    const second = (await add("Second")).body.beneficiary;
    const list = await client.json<{ beneficiaries: Beneficiary[] }>("GET", "/api/beneficiaries");
    expect(list.body.beneficiaries.map((b) => b.name)).toEqual(["Second", "First"]);

    const edited = await client.json<{ beneficiary: Beneficiary }>(
      "PATCH",
      `/api/beneficiaries/${first.id}`,
      {
        phone: " +1 555 0101 ",
        email: "NEW@Example.com",
      },
    );
    expect(edited.body.beneficiary).toMatchObject({
      id: first.id,
      name: "First",
      email: "new@example.com",
      phone: "+1 555 0101",
    });
    const cleared = await client.json<{ beneficiary: Beneficiary }>(
      "PATCH",
      `/api/beneficiaries/${first.id}`,
      { phone: null, userId: "someone-else" },
    );
    expect(cleared.body.beneficiary.phone).toBeNull();
    expect(
      (await client.json<{ beneficiary: Beneficiary }>("GET", `/api/beneficiaries/${first.id}`))
        .body.beneficiary.email,
    ).toBe("new@example.com");

    expect((await client.request("DELETE", `/api/beneficiaries/${second.id}`)).status).toBe(200);
    expect((await client.request("GET", `/api/beneficiaries/${second.id}`)).status).toBe(404);
    expect((await client.request("GET", "/api/beneficiaries/not-a-uuid")).status).toBe(404);
  });

  it("is rate limited per address: the form cannot be used to mail strangers in bulk", async () => {
    const { client } = await buildUser(ctx);
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++)
      statuses.push(
        (
          await client.request("POST", "/api/beneficiaries", {
            name: `B${i}`,
            email: uniqueEmail("bulk"),
          })
        ).status,
      );
    expect(statuses.slice(0, 30).every((s) => s === 201)).toBe(true);
    expect(statuses[30]).toBe(429);
  });

  it("needs a session", async () => {
    const res = await ctx.app.request("/api/beneficiaries");
    expect(res.status).toBe(401);
  });
});
