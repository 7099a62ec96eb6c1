import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FirmReportView, OwnReportView } from "../../common/verifier-reports.js";
import type { VerifiersView } from "../../common/verifiers.js";
import { buildFirm } from "../../test/factories/firm.js";
import { buildInvitedMember } from "../../test/factories/people.js";
import {
  TestClient,
  buildUser,
  createTestContext,
  lastMailTo,
  linkFromMail,
  uniqueEmail,
  type TestContext,
} from "../../test/harness.js";
import { createOffsetClock } from "../clock.js";
import { verifierReportDocuments } from "../db/schema/index.js";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({}, { clock: createOffsetClock() });
});
afterAll(() => ctx.close());

const PDF = Buffer.from("%PDF-1.4\n% a death certificate\n");

async function mailedCode(to: string) {
  const code = (await lastMailTo(ctx, to)).text.match(/\b(\d{6})\b/)?.[1];
  if (!code) throw new Error(`no code mailed to ${to}`);
  return code;
}

async function acceptedPerson(owner: TestClient, name: string) {
  const email = uniqueEmail("verifier");
  const added = await owner.json<VerifiersView>("POST", "/api/verifiers", {
    kind: "person",
    name,
    email,
  });
  const token =
    (await linkFromMail(ctx, email, "/verifier/invite")).searchParams.get("token") ?? "";
  const browser = new TestClient(ctx);
  await browser.post("/api/verifier/code", { token });
  await browser.post("/api/verifier/answer", {
    token,
    code: await mailedCode(email),
    answer: "accept",
  });
  return { email, id: added.body.verifiers.find((v) => v.email === email)?.id ?? "" };
}

async function sessionOf(email: string) {
  const browser = new TestClient(ctx);
  await browser.post("/api/verifier/report/code", { email });
  const code = await mailedCode(email);
  const r = await browser.json<{ session: string }>("POST", "/api/verifier/report/sign-in", {
    email,
    code,
  });
  return { browser, session: r.body.session };
}

const putAsPerson = (
  v: { browser: TestClient; session: string },
  verifierId: string,
  body: Buffer,
) =>
  v.browser.send("PUT", "/api/verifier/report/document", new Uint8Array(body), {
    "content-type": "application/octet-stream",
    "x-file-name": encodeURIComponent("certificate.pdf"),
    "x-session": v.session,
    "x-verifier-id": verifierId,
  });

describe("the reporter's document", () => {
  it("the reporter adds it; the owner, the other verifiers and the firm's admins read it; nobody else", async () => {
    const firm = await buildFirm(ctx);
    const owner = await buildInvitedMember(ctx, firm.admin, "regular_user", "Rita Client");
    await owner.client.json("POST", "/api/verifiers", { kind: "firm" });
    await firm.admin.json("POST", `/api/clients/${owner.id}/verifier`, { answer: "accept" });
    const anna = await acceptedPerson(owner.client, "Anna Smith");
    const ben = await acceptedPerson(owner.client, "Ben Jones");
    await owner.client.json("PUT", "/api/verifiers/threshold", { threshold: 3 });

    const a = await sessionOf(anna.email);
    await a.browser.post("/api/verifier/report/make", {
      session: a.session,
      verifierId: anna.id,
      kind: "death",
    });
    // not a PDF, JPEG or PNG: refused by its bytes
    expect((await putAsPerson(a, anna.id, Buffer.from("hello"))).status).toBe(415);
    // another verifier may not add the reporter's document
    const b = await sessionOf(ben.email);
    expect((await putAsPerson(b, ben.id, PDF)).status).toBe(404);
    expect((await putAsPerson(a, anna.id, PDF)).status).toBe(200);

    // stored sealed, never as the bytes sent
    const [stored] = await ctx.services.deps.db.select().from(verifierReportDocuments);
    expect(stored?.data.includes(PDF)).toBe(false);

    const own = await owner.client.json<OwnReportView>("GET", "/api/reports");
    expect(own.body.report?.hasDocument).toBe(true);
    const byOwner = await owner.client.request("GET", "/api/reports/document");
    expect(byOwner.status).toBe(200);
    expect(Buffer.from(await byOwner.arrayBuffer())).toEqual(PDF);
    const byBen = await b.browser.request("POST", "/api/verifier/report/document", {
      session: b.session,
      verifierId: ben.id,
    });
    expect(byBen.status).toBe(200);
    expect(byBen.headers.get("content-type")).toBe("application/pdf");
    const path = `/api/clients/${owner.id}/report/document`;
    expect((await firm.admin.request("GET", path)).status).toBe(200);
    expect(
      (await firm.admin.json<FirmReportView>("GET", `/api/clients/${owner.id}/report`)).body.report
        ?.hasDocument,
    ).toBe(true);

    // someone else cannot: staff, another firm's admin, a stranger, a verifier of another plan, signed out
    const staff = await buildInvitedMember(ctx, firm.admin, "firm_staff");
    const other = await buildFirm(ctx);
    const stranger = await buildUser(ctx);
    for (const who of [staff.client, other.admin, stranger.client])
      expect((await who.request("GET", path)).status).toBe(404);
    expect((await stranger.client.request("GET", "/api/reports/document")).status).toBe(404);
    expect((await new TestClient(ctx).request("GET", path)).status).toBe(401);
    expect((await new TestClient(ctx).request("GET", "/api/reports/document")).status).toBe(401);
    const otherOwner = await buildUser(ctx);
    const cleo = await acceptedPerson(otherOwner.client, "Cleo Park");
    const c = await sessionOf(cleo.email);
    const byCleo = await c.browser.request("POST", "/api/verifier/report/document", {
      session: c.session,
      verifierId: ben.id,
    });
    expect(byCleo.status).toBe(404);
    expect((await putAsPerson(c, anna.id, PDF)).status).toBe(404);
    // a removed verifier reads nothing any more
    await owner.client.json("DELETE", `/api/verifiers/${ben.id}`);
    const afterRemoval = await b.browser.request("POST", "/api/verifier/report/document", {
      session: b.session,
      verifierId: ben.id,
    });
    expect(afterRemoval.status).toBe(404);
  });
});
