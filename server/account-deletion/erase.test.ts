import { randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ACCOUNT_DELETION_GRACE_DAYS } from "../../common/account-deletion.js";
import { buildAsset, dataKeyOf, uploadEncryptedFile } from "../../test/factories/assets.js";
import { makeBeneficiaryKey } from "../../test/factories/beneficiary-keys.js";
import { buildFirm } from "../../test/factories/firm.js";
import { buildInvitedMember } from "../../test/factories/people.js";
import { mailsTo } from "../../test/factories/release.js";
import {
  GOOD_PASSWORD,
  TestClient,
  buildUser,
  createTestContext,
  rowsOf,
  type TestContext,
} from "../../test/harness.js";
import { blobIdsOf, objectsOf, storedPieces } from "../../test/stored-files.js";
import { createOffsetClock } from "../clock.js";
import { eraseDueAccounts } from "./erase.js";

const DAY_MS = 24 * 3_600_000;
const MINUTE_MS = 60_000;

let ctx: TestContext;
const clock = createOffsetClock();
beforeAll(async () => {
  ctx = await createTestContext({}, { clock });
});
afterAll(() => ctx.close());

const db = () => ctx.services.deps.db;
const rows = async <T>(query: ReturnType<typeof sql>) => rowsOf<T>(await db().execute(query));

/** Every column of every table in the app's schema whose name says it holds a user id. */
async function userIdColumns() {
  return rows<{ table: string; column: string }>(sql`
    select table_name as table, column_name as column from information_schema.columns
     where table_schema = 'public'
       and (column_name in ('user_id', 'owner_id', 'actor_id', 'subject_id', 'client_id')
         or column_name like '%\\_by' or (table_name in ('user', 'profiles') and column_name = 'id'))
     order by 1, 2`);
}

/** Rows of every table whose text (all columns, cast as PostgreSQL prints the row) contains `needle`. */
async function rowsMentioning(needle: string) {
  const tables = await rows<{ table: string }>(sql`
    select table_name as table from information_schema.tables
     where table_schema = 'public' and table_type = 'BASE TABLE' and table_name not like '\\_\\_%'`);
  const found: Record<string, number> = {};
  for (const { table } of tables) {
    const [row] = await rows<{ n: number }>(
      sql`select count(*)::int as n from ${sql.identifier(table)} t where position(${needle} in lower(t::text)) > 0`,
    );
    if (row && Number(row.n) > 0) found[table] = Number(row.n);
  }
  return found;
}

/** A firm client with something in every corner of the account, their firm's admin, a waiting release. */
async function richClient() {
  const firm = await buildFirm(ctx);
  const person = await buildInvitedMember(ctx, firm.admin, "regular_user", "Clara Client");
  const { client } = person;
  const dk = await dataKeyOf(client);
  const doc = await buildAsset(client, {
    type: "document",
    content: { fileName: "will.pdf", notes: "" },
    beneficiaryEmails: ["heir@example.com"],
    dataKey: dk,
  });
  const uploaded = await uploadEncryptedFile(client, {
    assetId: doc.id,
    ck: doc.ck,
    kind: "document",
    plaintext: randomBytes(1_500_000), // two chunks
    type: "application/pdf",
  });
  expect(uploaded.res.status).toBe(200);
  await buildAsset(client, { dataKey: dk });
  expect(
    (
      await client.json("POST", "/api/beneficiaries", {
        name: "Hugo Heir",
        email: "heir@example.com",
        relationship: "Son",
      })
    ).status,
  ).toBe(201);
  const key = await makeBeneficiaryKey(dk, { email: "heir@example.com" });
  expect((await client.request("POST", "/api/keys/beneficiaries", key.body)).status).toBe(201);
  expect(
    (await client.json("PUT", "/api/release/plan", { inactivityMonths: 6, waitDays: 7 })).status,
  ).toBe(200);
  // the firm: its notes, a view of the client's dashboard, an attested release now waiting
  expect(
    (
      await firm.admin.json("PUT", `/api/clients/${person.id}/firm-details`, {
        reference: "C-1",
        notes: "Met in May",
      })
    ).status,
  ).toBe(200);
  expect((await firm.admin.request("GET", `/api/clients/${person.id}/dashboard`)).status).toBe(200);
  expect(
    (
      await firm.admin.json("POST", `/api/clients/${person.id}/release`, {
        attesterName: "Ada Admin",
        eventDate: clock.now().toISOString().slice(0, 10),
      })
    ).status,
  ).toBe(201);
  // a failed sign-in and a password reset link: counters and a verification row about the address
  await new TestClient(ctx).post("/api/auth/sign-in/email", {
    email: person.email,
    password: "Not-The-Password-1",
  });
  await new TestClient(ctx).json("POST", "/api/auth/request-password-reset", {
    email: person.email,
    redirectTo: "/update-password",
  });
  return { firm, person, docId: doc.id };
}

const chunksOf = async (assetId: string) =>
  (await storedPieces(ctx, { assetId, kind: "document" })).length;

describe("erasing an account at the end of its grace period", () => {
  it("leaves no row naming the person but one tombstone, no file chunk; ends the release and the firm link; tells the firm's admins", async () => {
    const { firm, person, docId } = await richClient();
    const bystander = await buildUser(ctx);
    const bystanderAsset = await buildAsset(bystander.client);
    expect(await chunksOf(docId)).toBe(2);
    const blobIds = await blobIdsOf(ctx, docId); // FILE_STORE=s3: its objects
    expect(blobIds).toHaveLength(ctx.services.deps.files.isS3 ? 1 : 0);
    const before = await rowsMentioning(person.id.toLowerCase());
    for (const table of [
      "assets",
      "beneficiaries",
      "beneficiary_keys",
      "releases",
      "session",
      "audit_log",
      "client_firm_details",
      "firm_users",
      "verification",
    ])
      expect(before[table], table).toBeGreaterThan(0);

    const requested = await person.client.json("POST", "/api/account-deletion", {
      confirmation: person.email,
      currentPassword: GOOD_PASSWORD,
    });
    expect(requested.status).toBe(200);

    clock.advance(ACCOUNT_DELETION_GRACE_DAYS * DAY_MS - MINUTE_MS);
    expect(await eraseDueAccounts(ctx.services.deps)).toBe(0);
    expect((await person.client.get("/api/me")).status).toBe(200);

    clock.advance(2 * MINUTE_MS);
    expect(await eraseDueAccounts(ctx.services.deps)).toBe(1);
    expect(await eraseDueAccounts(ctx.services.deps)).toBe(0);

    // every user-id-like column of every table: nothing but the tombstone
    const columns = await userIdColumns();
    expect(columns.length).toBeGreaterThan(15);
    const left: string[] = [];
    for (const { table, column } of columns) {
      const tombstone = table === "audit_log" ? sql` and action <> 'account.erased'` : sql``;
      const [row] = await rows<{ n: number }>(
        sql`select count(*)::int as n from ${sql.identifier(table)} where ${sql.identifier(column)}::text = ${person.id}${tombstone}`,
      );
      if (Number(row?.n) > 0) left.push(`${table}.${column}`);
    }
    expect(left).toEqual([]);
    // nor anywhere else in any row: the id only in the tombstone, the address only in the firm's notice
    expect(await rowsMentioning(person.id.toLowerCase())).toEqual({ audit_log: 1 });
    const notices = await mailsTo(ctx, firm.adminEmail);
    expect(await rowsMentioning(person.email.toLowerCase())).toEqual({ mail_outbox: 1 });
    expect(await chunksOf(docId)).toBe(0);
    expect(await objectsOf(ctx, blobIds)).toBe(0);

    const [tombstone] = await rows<Record<string, unknown>>(
      sql`select actor_id, action, subject_type, ip, details, owner_id, firm_id from audit_log where subject_id = ${person.id}`,
    );
    expect(tombstone).toEqual({
      actor_id: null,
      action: "account.erased",
      subject_type: "user",
      ip: null,
      details: null,
      owner_id: null,
      firm_id: null,
    });

    const notice = notices.at(-1);
    expect(notice?.template).toBe("account-deletion-client-erased");
    expect(notice?.text).toContain("Clara Client");
    expect(notice?.text).toContain(firm.firmName);

    // signed out, and the address signs in no more: the usual answer
    expect((await person.client.get("/api/me")).status).toBe(401);
    const signIn = await new TestClient(ctx).json<{ error: { message: string } }>(
      "POST",
      "/api/auth/sign-in/email",
      { email: person.email, password: GOOD_PASSWORD },
    );
    expect(signIn.status).toBe(401);
    expect(signIn.body.error.message).toBe("Invalid email or password");
    // the firm no longer has the client
    expect((await firm.admin.request("GET", `/api/clients/${person.id}/release`)).status).toBe(404);
    const [firmRow] = await rows<{ client_count: number }>(
      sql`select client_count from firms where id = ${firm.firmId}`,
    );
    expect(Number(firmRow?.client_count)).toBe(0);
    // someone else's vault is untouched
    expect((await bystander.client.get(`/api/assets/${bystanderAsset.id}`)).status).toBe(200);
  });

  it("a firm admin who was not the last: the firm stays with its other admin, its timeline keeps their acts without naming them, no notice", async () => {
    const firm = await buildFirm(ctx);
    const second = await buildInvitedMember(ctx, firm.admin, "firm_admin", "Second Admin");
    const invited = await second.client.json("POST", "/api/invitations", {
      email: `kept-${randomBytes(3).toString("hex")}@example.com`,
      role: "regular_user",
    });
    expect(invited.status).toBe(200);
    expect(
      (
        await second.client.json("POST", "/api/account-deletion", {
          confirmation: second.email,
          currentPassword: GOOD_PASSWORD,
        })
      ).status,
    ).toBe(200);
    const mailsBefore = (await mailsTo(ctx, firm.adminEmail)).length;
    clock.advance(ACCOUNT_DELETION_GRACE_DAYS * DAY_MS + MINUTE_MS);
    expect(await eraseDueAccounts(ctx.services.deps)).toBe(1);

    expect(await rowsMentioning(second.id.toLowerCase())).toEqual({ audit_log: 1 });
    const kept = await rows<{ actor_id: string | null; ip: string | null }>(
      sql`select actor_id, ip from audit_log where firm_id = ${firm.firmId} and action = 'invitation.sent'
             and actor_id is distinct from ${firm.adminId}`,
    );
    expect(kept).toEqual([{ actor_id: null, ip: null }]);
    expect((await mailsTo(ctx, firm.adminEmail)).length).toBe(mailsBefore);
    expect((await firm.admin.request("GET", "/api/staff")).status).toBe(200);
  });
});
