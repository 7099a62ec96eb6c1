import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CLIENT_IMPORT_MAX_PER_DAY, type ClientImportDetail } from "../../common/client-imports.js";
import { CLIENT_REFERENCE_MAX, type ClientFirmDetailsAnswer } from "../../common/clients.js";
import { buildFirm } from "../../test/factories/firm.js";
import { buildInvitedMember } from "../../test/factories/people.js";
import {
  GOOD_PASSWORD,
  TestClient,
  buildUser,
  createTestContext,
  linkFromMail,
  uniqueEmail,
  type TestContext,
} from "../../test/harness.js";
import { asSystem, withActor } from "../db/actor.js";
import {
  auditLog,
  clientFirmDetails,
  clientImportRows,
  clientImports,
  invitations,
} from "../db/schema/index.js";
import { listOutbox } from "../mail/outbox.js";
import { runClientImportBatch, runClientImports } from "./worker.js";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await runClientImports(ctx.services.deps);
  await ctx.close();
});

const PATH = "/api/firm/client-imports";
const csvOf = (lines: string[]) =>
  ["name,email,phone,matter reference,note", ...lines].join("\r\n");
const upload = (c: TestClient, csv: string, fileName = "clients.csv") =>
  c.json<ClientImportDetail & { error?: { message: string } }>("POST", PATH, { fileName, csv });
const db = () => ctx.services.deps.db;
const invitationsOf = (firmId: string) =>
  asSystem(db(), (tx) => tx.select().from(invitations).where(eq(invitations.firmId, firmId)));

describe("importing clients from a CSV file", () => {
  it("names each row's problem, and treats every address that is not the firm's own alike", async () => {
    const firm = await buildFirm(ctx);
    const client = await buildInvitedMember(ctx, firm.admin, "regular_user", "Old Client");
    const elsewhere = await buildFirm(ctx);
    const theirs = await buildInvitedMember(ctx, elsewhere.admin, "regular_user");
    const loner = await buildUser(ctx);
    const invited = uniqueEmail("invited");
    await firm.admin.post("/api/invitations", { email: invited, role: "regular_user" });
    const fresh = uniqueEmail("fresh");
    const res = await upload(
      firm.admin,
      csvOf([
        `Ann Fresh,${fresh.toUpperCase()},+1 555,M-1,"private, note"`,
        `Ann Again,${fresh},,,`,
        "Bad Mail,not-an-email,,,",
        `,${uniqueEmail()},,,`,
        `Old Client,${client.email},,,`,
        `Invited,${invited},,,`,
        `Their Client,${theirs.email},,,`,
        `Loner,${loner.email},,,`,
      ]),
    );
    expect(res.status).toBe(201);
    expect(res.body.import).toMatchObject({ status: "previewed", totalRows: 8, readyRows: 3 });
    expect(res.body.problems.map((p) => [p.line, p.problem, p.duplicateOf])).toEqual([
      [3, "duplicate", 2],
      [4, "bad_email", null],
      [5, "missing_name", null],
      [6, "already_client", null],
      [7, "already_invited", null],
    ]);
    // another firm's client, an account in no firm and a new address: nothing tells them apart
    const text = JSON.stringify(res.body);
    for (const email of [theirs.email, loner.email]) expect(text).not.toContain(email);
    // the firm-private fields never come back
    expect(text).not.toContain("private, note");
  });

  it("names the line of a malformed file and refuses a file without its columns", async () => {
    const firm = await buildFirm(ctx);
    const cut = await upload(firm.admin, csvOf([`A,${uniqueEmail()},,,`, `"B,${uniqueEmail()}`]));
    expect(cut.status).toBe(400);
    expect(cut.body.error?.message).toMatch(/^Line 3:/);
    const noEmail = await upload(firm.admin, "name,phone\r\nA,1\r\n");
    expect(noEmail.status).toBe(400);
    expect(noEmail.body.error?.message).toMatch(/^Line 1:/);
  });

  it("invites in the background, once, and the same file again changes nothing", async () => {
    const firm = await buildFirm(ctx);
    const member = await buildInvitedMember(ctx, firm.admin, "firm_staff", "Stella Staff");
    const loner = await buildUser(ctx);
    const fresh = Array.from({ length: 3 }, () => uniqueEmail("new"));
    const csv = csvOf([...fresh.map((e, i) => `New ${i},${e},,,`), `Loner,${loner.email},,,`]);
    const first = await upload(member.client, csv);
    expect(first.status).toBe(201);
    const id = first.body.import.id;

    const started = await member.client.json<ClientImportDetail>("POST", `${PATH}/${id}/start`);
    expect(started.status).toBe(200);
    expect(started.body.import.status).not.toBe("previewed");
    await runClientImports(ctx.services.deps);
    const done = await member.client.json<ClientImportDetail>("GET", `${PATH}/${id}`);
    expect(done.body.import).toMatchObject({ status: "done", processedRows: 4, invitedRows: 4 });

    const outbox = await listOutbox(db(), 500);
    for (const email of fresh) {
      const mail = outbox.find((m) => m.to === email);
      expect(mail?.template).toBe("invitation");
      expect(mail?.text).toContain("Stella Staff has invited you");
      expect(mail?.text).toContain("/register?email=");
    }
    // an existing account is asked to join with consent, never attached
    const toLoner = outbox.find((m) => m.to === loner.email && m.template.startsWith("invitation"));
    expect(toLoner?.template).toBe("invitation-existing-account");
    expect(toLoner?.text).toContain("/join-firm?invitation=");
    const me = await loner.client.json<{ user: { firmId: string | null } }>("GET", "/api/me");
    expect(me.body.user.firmId).toBeNull();
    // the link works for that account only, signed in, after /join-firm's consent
    const code = new URL(toLoner?.text.match(/https?:\/\/\S+/)?.[0] ?? "").searchParams.get(
      "invitation",
    );
    const someoneElse = await buildUser(ctx);
    const accept = (c: TestClient) => c.request("POST", "/api/invitations/accept", { code });
    expect((await accept(someoneElse.client)).status).toBe(404);
    expect((await accept(new TestClient(ctx))).status).toBe(401);
    expect((await accept(loner.client)).status).toBe(200);
    const joined = await loner.client.json<{ user: { firmId: string | null } }>("GET", "/api/me");
    expect(joined.body.user.firmId).toBe(firm.firmId);
    expect((await accept(loner.client)).status).toBe(404);

    const again = await upload(member.client, csv, "copy.csv");
    expect(again.status).toBe(200);
    expect(again.body.import.id).toBe(id);
    expect(again.body.isSameFile).toBe(true);
    await member.client.post(`${PATH}/${id}/start`);
    await runClientImports(ctx.services.deps);
    expect(
      (await invitationsOf(firm.firmId)).filter((i) => i.role === "regular_user"),
    ).toHaveLength(4);

    // another file with the same people: invited or now a client, nobody twice
    const other = await upload(member.client, csv + "\r\n");
    expect(other.status).toBe(201);
    expect(other.body.import.readyRows).toBe(0);
    expect(other.body.problems.map((p) => p.problem).sort()).toEqual([
      "already_client",
      "already_invited",
      "already_invited",
      "already_invited",
    ]);
    const audited = await asSystem(db(), (tx) =>
      tx
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.firmId, firm.firmId))),
    );
    expect(audited.map((a) => a.action)).toEqual(
      expect.arrayContaining([
        "client_import.uploaded",
        "client_import.started",
        "client_import.finished",
      ]),
    );
  });

  it("carries a row's matter reference and note onto the client at joining, never into the e-mail", async () => {
    const firm = await buildFirm(ctx);
    const fresh = uniqueEmail("fresh");
    const loner = await buildUser(ctx);
    const note = `Will signed 2019; ${randomUUID()}`;
    const res = await upload(
      firm.admin,
      csvOf([`Fay Fresh,${fresh},,M-77,"${note}"`, `Lon Loner,${loner.email},,M-78,`]),
    );
    await firm.admin.post(`${PATH}/${res.body.import.id}/start`);
    await runClientImports(ctx.services.deps);
    const mails = (await listOutbox(db(), 500)).filter(
      (m) => [fresh, loner.email].includes(m.to) && m.template.startsWith("invitation"),
    );
    expect(mails).toHaveLength(2);
    for (const m of mails)
      expect(`${m.subject} ${m.text} ${m.html}`).not.toMatch(/M-7[78]|Will signed/);

    // a new account registers through its link; an existing one accepts after /join-firm
    const link = await linkFromMail(ctx, fresh, "/register");
    const fay = new TestClient(ctx);
    const registered = await fay.request("POST", "/api/register", {
      name: "Fay Fresh",
      email: fresh,
      password: GOOD_PASSWORD,
      invitationCode: link.searchParams.get("code"),
    });
    expect(registered.status).toBe(200);
    const code = new URL(
      mails.find((m) => m.to === loner.email)?.text.match(/https?:\/\/\S+/)?.[0] ?? "",
    ).searchParams.get("invitation");
    expect((await loner.client.request("POST", "/api/invitations/accept", { code })).status).toBe(
      200,
    );

    const clients = await asSystem(db(), (tx) =>
      tx.select().from(clientFirmDetails).where(eq(clientFirmDetails.firmId, firm.firmId)),
    );
    expect(clients.map((c) => [c.reference, c.notes]).sort()).toEqual([
      ["M-77", note],
      ["M-78", null],
    ]);
    const lonerId = (await loner.client.json<{ user: { id: string } }>("GET", "/api/me")).body.user
      .id;
    const read = await firm.admin.json<ClientFirmDetailsAnswer>(
      "GET",
      `/api/clients/${lonerId}/firm-details`,
    );
    expect(read.body.details).toMatchObject({ reference: "M-78", notes: null });
    const audited = await asSystem(db(), (tx) =>
      tx
        .select()
        .from(auditLog)
        .where(
          and(eq(auditLog.action, "client.details_imported"), eq(auditLog.firmId, firm.firmId)),
        ),
    );
    expect(audited).toHaveLength(2);
    expect(JSON.stringify(audited)).not.toMatch(/M-7[78]|Will signed/);
  });

  it("refuses a matter reference longer than the firm's reference allows, naming the row", async () => {
    const firm = await buildFirm(ctx);
    const res = await upload(
      firm.admin,
      csvOf([`Ann,${uniqueEmail()},,${"R".repeat(CLIENT_REFERENCE_MAX + 1)},`]),
    );
    expect(res.status).toBe(201);
    expect(res.body.problems.map((p) => [p.line, p.problem])).toEqual([[2, "too_long"]]);
  });

  it("survives a stop: rows left are claimed once by concurrent workers", async () => {
    const firm = await buildFirm(ctx);
    const emails = Array.from({ length: 1200 }, () => uniqueEmail("bulk"));
    const res = await upload(firm.admin, csvOf(emails.map((e, i) => `P ${i},${e},,,`)));
    const id = res.body.import.id;
    // "Send" is recorded, then the process stops before any batch ran
    await asSystem(db(), (tx) =>
      tx
        .update(clientImports)
        .set({ status: "sending", startedBy: firm.adminId, startedAt: new Date() })
        .where(eq(clientImports.id, id)),
    );
    const { deps } = ctx.services;
    const handled = await Promise.all([
      runClientImportBatch(deps),
      runClientImportBatch(deps),
      runClientImportBatch(deps),
    ]);
    expect(handled.reduce((a, b) => a + b, 0)).toBe(1200);
    expect(await runClientImportBatch(deps)).toBe(0);
    const sent = await invitationsOf(firm.firmId);
    expect(new Set(sent.map((i) => i.email)).size).toBe(1200);
    expect(sent).toHaveLength(1200);
    const view = await firm.admin.json<ClientImportDetail>("GET", `${PATH}/${id}`);
    expect(view.body.import).toMatchObject({ status: "done", processedRows: 1200 });
  });

  it("limits new files per firm per day", async () => {
    const firm = await buildFirm(ctx);
    for (let i = 0; i < CLIENT_IMPORT_MAX_PER_DAY; i++)
      expect((await upload(firm.admin, csvOf([`A,${uniqueEmail()},,,`]))).status).toBe(201);
    const over = await upload(firm.admin, csvOf([`A,${uniqueEmail()},,,`]));
    expect(over.status).toBe(429);
  });
});

describe("someone else cannot", () => {
  it("read, start or upload another firm's import, as an assistant, a client or signed out", async () => {
    const firm = await buildFirm(ctx);
    const res = await upload(firm.admin, csvOf([`A,${uniqueEmail()},,,`]));
    const id = res.body.import.id;
    const other = await buildFirm(ctx);
    const otherStaff = await buildInvitedMember(ctx, other.admin, "firm_staff");
    const assistant = await buildInvitedMember(ctx, firm.admin, "firm_assistant");
    const client = await buildInvitedMember(ctx, firm.admin, "regular_user");
    for (const who of [other.admin, otherStaff.client, assistant.client, client.client]) {
      expect((await who.request("GET", `${PATH}/${id}`)).status).toBe(404);
      expect((await who.request("POST", `${PATH}/${id}/start`)).status).toBe(404);
    }
    for (const who of [assistant.client, client.client]) {
      expect((await upload(who, csvOf([`B,${uniqueEmail()},,,`]))).status).toBe(404);
      expect((await who.request("GET", PATH)).status).toBe(404);
    }
    const listed = await other.admin.json<{ imports: { id: string }[] }>("GET", PATH);
    expect(listed.body.imports.map((i) => i.id)).not.toContain(id);
    const stranger = new TestClient(ctx);
    expect((await stranger.request("GET", `${PATH}/${id}`)).status).toBe(401);
    expect((await stranger.request("POST", `${PATH}/${id}/start`)).status).toBe(401);
    expect((await upload(stranger, csvOf([`C,${uniqueEmail()},,,`]))).status).toBe(401);
    const after = await firm.admin.json<ClientImportDetail>("GET", `${PATH}/${id}`);
    expect(after.body.import.status).toBe("previewed");
  });

  it("reach another firm's import rows under row-level security", async () => {
    const firm = await buildFirm(ctx);
    const res = await upload(firm.admin, csvOf([`A,${uniqueEmail()},,,`]));
    const other = await buildFirm(ctx);
    const assistant = await buildInvitedMember(ctx, firm.admin, "firm_assistant");
    for (const userId of [other.adminId, assistant.id]) {
      const seen = await withActor(db(), { userId }, async (tx) => [
        ...(await tx.select().from(clientImports).where(eq(clientImports.id, res.body.import.id))),
        ...(await tx
          .select()
          .from(clientImportRows)
          .where(eq(clientImportRows.importId, res.body.import.id))),
      ]);
      expect(seen).toEqual([]);
    }
    const own = await withActor(db(), { userId: firm.adminId }, (tx) =>
      tx.select().from(clientImportRows).where(eq(clientImportRows.importId, res.body.import.id)),
    );
    expect(own).toHaveLength(1);
  });
});
