import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildFirm } from "../../test/factories/firm.js";
import { buildInvitedMember } from "../../test/factories/people.js";
import { createTestContext, rowsOf, type TestContext } from "../../test/harness.js";
import { withActor } from "../db/actor.js";

let ctx: TestContext;
let big: Awaited<ReturnType<typeof buildFirm>>;
let small: Awaited<ReturnType<typeof buildFirm>>;
/** More than 2,000 clients: app_client_search_ids (migration 0011) searches through the trigram index. */
const BIG = 2500;
const bigId = (g: number) => `big-${g}-${big.firmId}`;

beforeAll(async () => {
  ctx = await createTestContext();
  big = await buildFirm(ctx);
  small = await buildFirm(ctx);
  const db = ctx.services.deps.db;
  // Client g: name "Big g", e-mail "bigg-<firm>@example.com", joined g minutes after 2026-01-01.
  await db.execute(
    sql`insert into "user" (id, name, email, email_verified) select 'big-' || g || '-' || ${big.firmId}, 'Big ' || g, 'big' || g || '-' || ${big.firmId} || '@example.com', true from generate_series(1, ${BIG}) g`,
  );
  await db.execute(
    sql`insert into profiles (id, name, email, role, firm_id, created_at) select id, name, email, 'regular_user', ${big.firmId}, timestamptz '2026-01-01' + (split_part(id, '-', 2) || ' minutes')::interval from "user" where id like ${`big-%-${big.firmId}`}`,
  );
  await db.execute(
    sql`insert into "user" (id, name, email, email_verified) values (${`small-1-${small.firmId}`}, 'Small One', ${`small1-${small.firmId}@example.com`}, true)`,
  );
  await db.execute(
    sql`insert into profiles (id, name, email, role, firm_id) values (${`small-1-${small.firmId}`}, 'Small One', ${`small1-${small.firmId}@example.com`}, 'regular_user', ${small.firmId})`,
  );
});
afterAll(() => ctx.close());

type Page = { clients: { id: string }[]; total: number; isTotalCapped: boolean };
const ids = (p: { body: Page }) => p.body.clients.map((c) => c.id);
const range = (from: number, to: number) =>
  Array.from({ length: Math.abs(to - from) + 1 }, (_, i) => (from <= to ? from + i : from - i));

describe("client search in a firm of more than 2,000 clients", () => {
  it("finds by a fragment of the e-mail or the name, counts exactly up to 1,000, sorts and pages the matches", async () => {
    const one = await big.admin.json<Page>("GET", "/api/clients?search=BIG1234-");
    expect(one.body).toMatchObject({ total: 1, isTotalCapped: false });
    expect(ids(one)).toEqual([bigId(1234)]);
    // "big 12": Big 12, Big 120-129, Big 1200-1299
    const some = await big.admin.json<Page>("GET", "/api/clients?search=big%2012");
    expect(some.body).toMatchObject({ total: 111, isTotalCapped: false });
    expect(ids(some)).toEqual(range(1299, 1290).map(bigId));
    const oldest = await big.admin.json<Page>(
      "GET",
      "/api/clients?search=big%2012&sort=joined&dir=asc&page=2",
    );
    expect(ids(oldest)).toEqual([129, ...range(1200, 1208)].map(bigId));
    const last = await big.admin.json<Page>("GET", "/api/clients?search=big%2012&page=12");
    expect(ids(last)).toEqual([bigId(12)]);
    const beyond = await big.admin.json<Page>("GET", "/api/clients?search=big%2012&page=13");
    expect(beyond.body).toMatchObject({ clients: [], total: 111 });
  });

  it("says 1,000+ past the cap and still pages the matches in order; a short fragment is searched too", async () => {
    const many = await big.admin.json<Page>("GET", "/api/clients?search=big");
    expect(many.body).toMatchObject({ total: 1000, isTotalCapped: true });
    expect(ids(many)).toEqual(range(BIG, BIG - 9).map(bigId));
    const page3 = await big.admin.json<Page>(
      "GET",
      "/api/clients?search=big&sort=joined&dir=asc&page=3",
    );
    expect(ids(page3)).toEqual(range(21, 30).map(bigId));
    // "g9": the e-mails big9-, big90- to big99-, big900- to big999-
    const short = await big.admin.json<Page>("GET", "/api/clients?search=g9&sort=joined&dir=asc");
    expect(short.body).toMatchObject({ total: 111, isTotalCapped: false });
    expect(ids(short)).toEqual([9, ...range(90, 98)].map(bigId));
  });

  it("pages deep without a search; staff see the same; another firm finds nothing", async () => {
    const deep = await big.admin.json<Page>("GET", "/api/clients?sort=joined&dir=asc&page=200");
    expect(deep.body).toMatchObject({ total: BIG, isTotalCapped: false });
    expect(ids(deep)).toEqual(range(1991, 2000).map(bigId));
    const staff = await buildInvitedMember(ctx, big.admin, "firm_staff");
    expect(ids(await staff.client.json<Page>("GET", "/api/clients?search=big1234-"))).toEqual([
      bigId(1234),
    ]);
    const other = await small.admin.json<Page>("GET", "/api/clients?search=big1234-");
    expect(other.body).toMatchObject({ clients: [], total: 0 });
    expect((await big.admin.json<Page>("GET", `/api/clients?search=small1-`)).body.total).toBe(0);
  });
});

describe("app_client_search_ids (the candidates found with the owner's rights)", () => {
  const candidates = (userId: string | null, pattern: string) =>
    withActor(ctx.services.deps.db, { userId: userId ?? "" }, async (tx) =>
      rowsOf<{ id: string }>(
        await tx.execute(sql`select id from app_client_search_ids(${pattern}, 1001) as id`),
      ).map((r) => r.id),
    );

  it("returns clients of the firm the actor staffs, and nothing to anyone else", async () => {
    expect(await candidates(big.adminId, "%big1234-%")).toEqual([bigId(1234)]);
    expect(await candidates(small.adminId, "%small1-%")).toEqual([`small-1-${small.firmId}`]);
    for (const [actor, pattern] of [
      [small.adminId, "%big1234-%"], // another firm's client, searched along the small firm's rows
      [big.adminId, "%small1-%"], // another firm's client, through the trigram index (the big firm's path)
      [bigId(7), "%big1234-%"], // a client of the firm
      [null, "%big1234-%"], // no actor
      [big.adminId, "%ada admin%"], // the firm's own admin is no client
    ] as const)
      expect(await candidates(actor, pattern)).toEqual([]);
  });
});
