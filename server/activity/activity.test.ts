import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ActivityEvent, ActivityPage } from "../../common/activity.js";
import { sealTitle } from "../../test/vault-crypto.js";
import { buildAsset } from "../../test/factories/assets.js";
import { buildFirm } from "../../test/factories/firm.js";
import { buildInvitedMember } from "../../test/factories/people.js";
import {
  GOOD_PASSWORD,
  TestClient,
  buildUser,
  createTestContext,
  rowsOf,
  type TestContext,
} from "../../test/harness.js";
import { withActor } from "../db/actor.js";
import { auditLog } from "../db/schema/index.js";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const MAC_CHROME =
  "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";

async function page(client: TestClient, path: string) {
  const res = await client.json<ActivityPage>("GET", path);
  expect(res.status).toBe(200);
  return res.body;
}
const texts = (events: ActivityEvent[]) => events.map((e) => e.text);

/** Every page of a timeline, following the cursors. */
async function allEvents(client: TestClient, path: string) {
  const events: ActivityEvent[] = [];
  let cursor: string | null = null;
  do {
    const sep = path.includes("?") ? "&" : "?";
    const body = await page(client, cursor ? `${path}${sep}cursor=${cursor}` : path);
    events.push(...body.events);
    cursor = body.cursor;
  } while (cursor);
  return events;
}

async function signInFromMac(ctx: TestContext, user: { email: string }) {
  const client = new TestClient(ctx);
  const res = await client.request(
    "POST",
    "/api/auth/sign-in/email",
    { email: user.email, password: GOOD_PASSWORD },
    { "user-agent": MAC_CHROME },
  );
  expect(res.status).toBe(200);
  return client;
}

/** A firm, its client Olga with a vault, its staff member Sam; the admin has looked at Olga's vault. */
async function buildFirmWithClient() {
  const firm = await buildFirm(ctx, {
    name: `Smith & Co ${Math.random().toString(36).slice(2, 7)}`,
  });
  const owner = await buildInvitedMember(ctx, firm.admin, "regular_user", "Olga Owner");
  const staff = await buildInvitedMember(ctx, firm.admin, "firm_staff", "Sam Staff");
  return { firm, owner, staff };
}

describe("GET /api/activity (the owner's timeline)", () => {
  it("shows the owner's sign-ins, item changes and the firm's views as client, newest first, in plain words, with no secret or content", async () => {
    const { firm, owner } = await buildFirmWithClient();
    const client = await signInFromMac(ctx, owner);
    const kept = await buildAsset(client, {
      title: "Gmail",
      content: { username: "olga", password: "hunter2-secret", website: "", notes: "" },
    });
    expect(
      (
        await client.request("PATCH", `/api/assets/${kept.id}`, {
          encryptedTitle: await sealTitle(kept.ck, kept.id, "Gmail (work)"),
        })
      ).status,
    ).toBe(200);
    const gone = await buildAsset(client, { type: "note", title: "Diary", content: { text: "x" } });
    expect((await client.request("DELETE", `/api/assets/${gone.id}`)).status).toBe(200);

    expect(
      (await firm.admin.post(`/api/clients/${owner.id}/impersonation`, { active: true })).status,
    ).toBe(200);
    expect((await firm.admin.get(`/api/clients/${owner.id}/dashboard`)).status).toBe(200);
    expect(
      (await firm.admin.post(`/api/clients/${owner.id}/impersonation`, { active: false })).status,
    ).toBe(200);

    const res = await client.request("GET", "/api/activity");
    expect(res.headers.get("cache-control")).toBe("no-store");
    const body = (await res.json()) as ActivityPage;
    const seen = texts(body.events);
    expect(seen.slice(0, 9)).toEqual([
      `Ada Admin (${firm.firmName}) stopped viewing your vault as client`,
      `Ada Admin (${firm.firmName}) viewed your vault as client`,
      `Ada Admin (${firm.firmName}) started viewing your vault as client`,
      "You deleted a note",
      "You added a note",
      "You changed the password",
      "You added the password",
      "Your vault key was sent to your browser",
      "You signed in from Chrome on macOS",
    ]);
    expect(seen).toContain("You accepted an invitation from " + firm.firmName);
    const times = body.events.map((e) => e.at);
    expect([...times].sort().reverse()).toEqual(times);
    expect(body.events[0]?.kind).toBe("firm");
    // each item's event names it by id, for the owner's browser to show its opened title
    expect(body.events.slice(3, 7).map((e) => e.itemId)).toEqual([
      gone.id,
      gone.id,
      kept.id,
      kept.id,
    ]);
    expect(body.events[0]).not.toHaveProperty("itemId");

    const raw = JSON.stringify(body);
    for (const secret of [
      "hunter2-secret",
      client.ip,
      firm.admin.ip,
      "Diary",
      "Gmail",
      owner.email,
    ])
      expect(raw).not.toContain(secret);
  });

  it("nobody else sees those events: another user, the firm's admin and staff (their own timeline), another firm's admin", async () => {
    const { firm, owner, staff } = await buildFirmWithClient();
    await buildAsset(owner.client, { title: "Olga's bank" });
    await firm.admin.get(`/api/clients/${owner.id}/dashboard`);
    const ownerIds = new Set((await allEvents(owner.client, "/api/activity")).map((e) => e.id));
    expect(ownerIds.size).toBeGreaterThan(2);

    const stranger = await buildUser(ctx);
    const other = await buildFirm(ctx);
    for (const who of [stranger.client, firm.admin, staff.client, other.admin]) {
      const events = await allEvents(who, "/api/activity");
      expect(events.filter((e) => ownerIds.has(e.id))).toEqual([]);
      expect(JSON.stringify(events)).not.toContain("Olga's bank");
      expect(JSON.stringify(events)).not.toContain("viewed your vault");
    }
    // another firm's admin reads their firm's timeline, never this firm's
    const otherFirm = await allEvents(other.admin, "/api/firm/activity");
    expect(otherFirm.filter((e) => ownerIds.has(e.id))).toEqual([]);
    expect(JSON.stringify(otherFirm)).not.toContain("Olga Owner");

    // below the API: lv_app reads only the actor's own rows, and never the address
    const db = ctx.services.deps.db;
    const asStranger = await withActor(db, { userId: stranger.id }, (tx) =>
      tx.execute(sql`select id from audit_log where owner_id = ${owner.id}`),
    );
    expect(rowsOf(asStranger)).toEqual([]);
    const asStaff = await withActor(db, { userId: staff.id }, (tx) =>
      tx.execute(
        sql`select id from audit_log where firm_id = ${firm.firmId} and owner_id <> ${staff.id}`,
      ),
    );
    expect(rowsOf(asStaff)).toEqual([]);
    await expect(
      withActor(db, { userId: owner.id }, (tx) =>
        tx.execute(sql`select ip from audit_log where owner_id = ${owner.id}`),
      ),
    ).rejects.toThrow();
    // nor write into another's timeline, in their own name or not
    const forged = (values: { ownerId?: string; firmId?: string }) =>
      withActor(db, { userId: stranger.id }, (tx) =>
        tx.insert(auditLog).values({ actorId: stranger.id, action: "asset.deleted", ...values }),
      );
    await expect(forged({ ownerId: owner.id })).rejects.toThrow();
    await expect(forged({ firmId: firm.firmId })).rejects.toThrow();
    await expect(forged({ ownerId: stranger.id })).resolves.toBeDefined();
  });

  it("pages newest first with a cursor and filters by kind", async () => {
    const user = await buildUser(ctx);
    const asset = await buildAsset(user.client, { title: "Counter" });
    for (let i = 0; i < 24; i++)
      await user.client.request("PATCH", `/api/assets/${asset.id}`, {
        encryptedTitle: await sealTitle(asset.ck, asset.id, `Counter ${i}`),
      });

    const first = await page(user.client, "/api/activity");
    expect(first.events).toHaveLength(20);
    expect(first.cursor).toBe(first.events[19]?.id);
    const second = await page(user.client, `/api/activity?cursor=${first.cursor}`);
    const all = [...first.events, ...second.events];
    expect(new Set(all.map((e) => e.id)).size).toBe(all.length);
    expect(all.map((e) => Number(e.id))).toEqual(
      [...all.map((e) => Number(e.id))].sort((a, b) => b - a),
    );
    expect(second.cursor).toBeNull();
    expect(all.filter((e) => e.text.startsWith("You changed"))).toHaveLength(24);

    const items = await allEvents(user.client, "/api/activity?type=items");
    expect(items).toHaveLength(25);
    expect(items.every((e) => e.kind === "items")).toBe(true);
    expect(items.at(-1)?.text).toBe("You added the password");
    const signIns = await allEvents(user.client, "/api/activity?type=sign_in");
    expect(signIns.length).toBeGreaterThan(0);
    expect(signIns.every((e) => e.kind === "sign_in")).toBe(true);

    for (const bad of ["?type=everything", "?cursor=abc", "?cursor=-1", "?cursor=0"])
      expect((await user.client.get(`/api/activity${bad}`)).status).toBe(400);
    // someone else's event as a cursor is only a place in the order: still only the caller's rows
    const stranger = await buildUser(ctx);
    const theirs = await page(stranger.client, `/api/activity?cursor=${first.events[0]?.id}`);
    expect(theirs.events.filter((e) => all.some((a) => a.id === e.id))).toEqual([]);
    expect((await new TestClient(ctx).get("/api/activity")).status).toBe(401);
  });
});

describe("GET /api/firm/activity (the firm admin's timeline)", () => {
  it("shows invitations, codes, joins, staff changes, views as client and attestations", async () => {
    const { firm, owner, staff } = await buildFirmWithClient();
    const code = await firm.admin.json<{ code: { code: string } }>("POST", "/api/firm-codes", {
      description: "",
    });
    expect(code.status).toBe(201);
    expect((await firm.admin.patch(`/api/staff/${staff.id}`, { role: "firm_admin" })).status).toBe(
      200,
    );
    await firm.admin.get(`/api/clients/${owner.id}/dashboard`);
    const attested = await firm.admin.json("POST", `/api/clients/${owner.id}/release`, {
      attesterName: "Ada Admin",
      eventDate: "2026-11-01",
    });
    expect(attested.status).toBe(201);

    const events = await allEvents(firm.admin, "/api/firm/activity");
    expect(texts(events).slice(0, 4)).toEqual([
      "Ada Admin attested for Olga Owner: the release's waiting period began",
      "Ada Admin viewed Olga Owner's vault as client",
      "Ada Admin made Sam Staff an administrator",
      `Ada Admin created the firm code ${code.body.code.code}`,
    ]);
    expect(texts(events)).toEqual(
      expect.arrayContaining([
        "Sam Staff accepted an invitation and joined as a staff member",
        "Ada Admin invited a staff member to join",
        "Olga Owner accepted an invitation and joined as a client",
        "Ada Admin invited a new client",
        "Ada Admin became an administrator of the firm",
      ]),
    );
    const views = await allEvents(firm.admin, "/api/firm/activity?type=views");
    expect(texts(views)).toEqual(["Ada Admin viewed Olga Owner's vault as client"]);

    // the client sees the attestation and who made it on their own timeline
    expect(texts(await allEvents(owner.client, "/api/activity?type=release"))).toEqual([
      `Ada Admin (${firm.firmName}) attested for you: your release's waiting period began`,
    ]);
  });

  it("answers 404 to staff, clients and users without a firm, like a missing route", async () => {
    const { owner, staff } = await buildFirmWithClient();
    const loner = await buildUser(ctx);
    const missing = await loner.client.json<{ error: { code: string; message: string } }>(
      "GET",
      "/api/no-such-thing",
    );
    for (const who of [staff.client, owner.client, loner.client]) {
      const res = await who.json<{ error: { code: string; message: string } }>(
        "GET",
        "/api/firm/activity",
      );
      expect(res.status).toBe(404);
      expect([res.body.error.code, res.body.error.message]).toEqual([
        missing.body.error.code,
        missing.body.error.message,
      ]);
    }
  });
});

describe("GET /api/firm/activity.csv (the firm's audit trail as a spreadsheet)", () => {
  /** The file's rows as cells (no cell here holds a comma or a line break but the quoted ones). */
  const rowsOfCsv = (csv: string) =>
    csv
      .trimEnd()
      .split("\r\n")
      .map((line) => [...line.matchAll(/(?:^|,)("(?:[^"]|"")*"|[^,]*)/g)].map((m) => m[1]));

  it("gives the admin every event of the timeline, newest first, with the same words, and audits the download", async () => {
    const { firm, owner } = await buildFirmWithClient();
    await firm.admin.get(`/api/clients/${owner.id}/dashboard`);
    const timeline = await allEvents(firm.admin, "/api/firm/activity");

    const res = await firm.admin.request("GET", "/api/firm/activity.csv");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(res.headers.get("content-disposition")).toMatch(
      /^attachment; filename="firm-activity-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const csv = await res.text();
    const [header, ...rows] = rowsOfCsv(csv);
    expect(header).toEqual(["Time (UTC)", "Kind", "Event"]);
    expect(rows.map((r) => r[0])).toEqual(timeline.map((e) => e.at));
    expect(rows.map((r) => r[2])).toEqual(timeline.map((e) => e.text));
    expect(rows[0]?.[1]).toBe("Views as client");

    // the download is on the timeline itself, and a filter narrows the file
    const after = await allEvents(firm.admin, "/api/firm/activity?type=details");
    expect(texts(after)[0]).toBe("Ada Admin downloaded the firm's activity as a spreadsheet");
    const views = await firm.admin.request("GET", "/api/firm/activity.csv?type=views");
    expect(
      rowsOfCsv(await views.text())
        .slice(1)
        .map((r) => r[2]),
    ).toEqual(["Ada Admin viewed Olga Owner's vault as client"]);
    expect((await firm.admin.request("GET", "/api/firm/activity.csv?type=nope")).status).toBe(400);
  });

  it("writes a name that starts like a formula as text", async () => {
    const firm = await buildFirm(ctx, {
      name: `Formula & Co ${Math.random().toString(36).slice(2, 7)}`,
    });
    await buildInvitedMember(ctx, firm.admin, "regular_user", '=HYPERLINK("http://evil.example")');
    const csv = await (await firm.admin.request("GET", "/api/firm/activity.csv")).text();
    expect(csv).toContain(
      `"'=HYPERLINK(""http://evil.example"") accepted an invitation and joined as a client"`,
    );
    expect(csv).not.toMatch(/(^|,)=HYPERLINK/m);
  });

  it("answers 404 to staff, clients, users without a firm and another firm's admin sees only their own", async () => {
    const { firm, owner, staff } = await buildFirmWithClient();
    const loner = await buildUser(ctx);
    for (const who of [staff.client, owner.client, loner.client]) {
      const res = await who.request("GET", "/api/firm/activity.csv");
      expect(res.status).toBe(404);
      expect(await res.text()).not.toContain("Olga");
    }
    expect((await new TestClient(ctx).request("GET", "/api/firm/activity.csv")).status).toBe(401);
    // another firm's admin: their own file, without this firm's events (its new code is named in ours)
    const code = await firm.admin.json<{ code: { code: string } }>("POST", "/api/firm-codes", {
      description: "",
    });
    const ours = await (await firm.admin.request("GET", "/api/firm/activity.csv")).text();
    expect(ours).toContain(`Ada Admin created the firm code ${code.body.code.code}`);
    const other = await buildFirmWithClient();
    const theirs = await (await other.firm.admin.request("GET", "/api/firm/activity.csv")).text();
    expect(theirs).toContain("Olga Owner accepted an invitation");
    expect(theirs).not.toContain(code.body.code.code);
  });
});
