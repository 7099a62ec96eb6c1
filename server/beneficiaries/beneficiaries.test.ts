import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildOwnerWithKeys } from "../../test/factories/owner-keys.js";
import { openAsset, sealAsset } from "../../test/vault-crypto.js";
import { BENEFICIARY_MSG } from "../../common/beneficiaries.js";
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
  details: { wrappedKey: string; data: string } | null;
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

describe("a beneficiary's phone, relationship and notes, sealed in the owner's browser (decision 038, item 7)", () => {
  const seal = async (dataKey: Parameters<typeof sealAsset>[0], id: string, details: object) => {
    const sealed = await sealAsset(dataKey, `beneficiary-details:${id}`, details);
    return { wrappedKey: sealed.wrappedKey, data: sealed.encryptedData };
  };

  it("stores and returns only the sealed copy, which opens with the owner's data key under its own id", async () => {
    const owner = await buildOwnerWithKeys(ctx);
    const id = crypto.randomUUID();
    const details = await seal(owner.dataKey, id, {
      phone: "+1 555 0101",
      relationship: "Niece",
      notes: "The garden",
    });
    const res = await owner.client.json<{ beneficiary: Beneficiary }>(
      "POST",
      "/api/beneficiaries",
      {
        id,
        name: "Nora",
        email: uniqueEmail("nora"),
        details,
      },
    );
    expect(res.status).toBe(201);
    expect(res.body.beneficiary).toMatchObject({
      id,
      phone: null,
      relationship: null,
      notes: null,
      details,
    });

    const one = await owner.client.json<{ beneficiary: Beneficiary }>(
      "GET",
      `/api/beneficiaries/${id}`,
    );
    const stored = one.body.beneficiary.details;
    if (!stored) throw new Error("no sealed details");
    const opened = await openAsset(owner.dataKey, {
      id: `beneficiary-details:${id}`,
      wrappedKey: stored.wrappedKey,
      encryptedData: stored.data,
    });
    expect(opened).toEqual({
      phone: "+1 555 0101",
      relationship: "Niece",
      notes: "The garden",
    });
    // Bound to its beneficiary: under another id the wrapped key does not open.
    await expect(
      openAsset(owner.dataKey, {
        id: `beneficiary-details:${crypto.randomUUID()}`,
        wrappedKey: stored.wrappedKey,
        encryptedData: stored.data,
      }),
    ).rejects.toThrow();
  });

  it("refuses a clear copy from an owner whose keys are their own, and clear plus sealed from anyone", async () => {
    const owner = await buildOwnerWithKeys(ctx);
    const clear = await owner.client.json<Err>("POST", "/api/beneficiaries", {
      name: "Clara",
      email: uniqueEmail("clara"),
      relationship: "Sister",
    });
    expect(clear.status).toBe(400);
    expect(clear.body.error.message).toBe(BENEFICIARY_MSG.detailsInClear);

    const id = crypto.randomUUID();
    const both = await owner.client.json<Err>("POST", "/api/beneficiaries", {
      id,
      name: "Clara",
      email: uniqueEmail("clara"),
      phone: "+1 555 0102",
      details: await seal(owner.dataKey, id, { phone: "+1 555 0102" }),
    });
    expect(both.status).toBe(400);

    // Name and e-mail alone need no key.
    const plain = await owner.client.json<{ beneficiary: Beneficiary }>(
      "POST",
      "/api/beneficiaries",
      {
        name: "Clara",
        email: uniqueEmail("clara"),
      },
    );
    expect(plain.status).toBe(201);
    const edit = await owner.client.json<Err>(
      "PATCH",
      `/api/beneficiaries/${plain.body.beneficiary.id}`,
      {
        notes: "in clear",
      },
    );
    expect(edit.status).toBe(400);
    expect(edit.body.error.message).toBe(BENEFICIARY_MSG.detailsInClear);
  });

  it("replaces the sealed copy on an edit, keeps it on a name-only edit, clears it with null, and seals an old clear copy", async () => {
    const owner = await buildOwnerWithKeys(ctx);
    const id = crypto.randomUUID();
    const first = await seal(owner.dataKey, id, { phone: "1" });
    await owner.client.json("POST", "/api/beneficiaries", {
      id,
      name: "Ed",
      email: uniqueEmail("ed"),
      details: first,
    });
    const renamed = await owner.client.json<{ beneficiary: Beneficiary }>(
      "PATCH",
      `/api/beneficiaries/${id}`,
      {
        name: "Edward",
      },
    );
    expect(renamed.body.beneficiary).toMatchObject({ name: "Edward", details: first });
    const second = await seal(owner.dataKey, id, { phone: "2" });
    const resealed = await owner.client.json<{ beneficiary: Beneficiary }>(
      "PATCH",
      `/api/beneficiaries/${id}`,
      {
        details: second,
      },
    );
    expect(resealed.body.beneficiary.details).toEqual(second);
    const cleared = await owner.client.json<{ beneficiary: Beneficiary }>(
      "PATCH",
      `/api/beneficiaries/${id}`,
      {
        details: null,
      },
    );
    expect(cleared.body.beneficiary.details).toBeNull();

    // An owner from before keys kept a clear copy; sealing it drops the clear one.
    const old = await buildUser(ctx);
    const made = await old.client.json<{ beneficiary: Beneficiary }>("POST", "/api/beneficiaries", {
      name: "Olga",
      email: uniqueEmail("olga"),
      notes: "clear, from before",
    });
    expect(made.body.beneficiary).toMatchObject({ notes: "clear, from before", details: null });
    const sealedNow = await old.client.json<{ beneficiary: Beneficiary }>(
      "PATCH",
      `/api/beneficiaries/${made.body.beneficiary.id}`,
      {
        phone: null,
        relationship: null,
        notes: null,
        details: { wrappedKey: first.wrappedKey, data: first.data },
      },
    );
    expect(sealedNow.status).toBe(200);
    expect(sealedNow.body.beneficiary).toMatchObject({ notes: null, details: first });
  });

  it("answers 409 for an id that is taken, even by someone else's beneficiary, and someone else cannot read or replace the sealed copy", async () => {
    const owner = await buildOwnerWithKeys(ctx);
    const other = await buildOwnerWithKeys(ctx);
    const id = crypto.randomUUID();
    const details = await seal(owner.dataKey, id, { notes: "mine" });
    expect(
      (
        await owner.client.json("POST", "/api/beneficiaries", {
          id,
          name: "A",
          email: uniqueEmail("a"),
          details,
        })
      ).status,
    ).toBe(201);
    const taken = await other.client.json("POST", "/api/beneficiaries", {
      id,
      name: "B",
      email: uniqueEmail("b"),
    });
    expect(taken.status).toBe(409);
    expect((await other.client.json("GET", `/api/beneficiaries/${id}`)).status).toBe(404);
    expect(
      (await other.client.json("PATCH", `/api/beneficiaries/${id}`, { details: null })).status,
    ).toBe(404);
    const mine = await owner.client.json<{ beneficiary: Beneficiary }>(
      "GET",
      `/api/beneficiaries/${id}`,
    );
    expect(mine.body.beneficiary.details).toEqual(details);
  });
});
