import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CLIENT_MSG, type ClientListView } from "../../common/clients.js";
import { buildFirm } from "../../test/factories/firm.js";
import {
  createTestContext,
  rowsOf,
  type TestClient,
  type TestContext,
} from "../../test/harness.js";
import { withActor } from "../db/actor.js";
import { listClientsPage } from "./queries.js";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

/**
 * `n` clients put in straight into the firm (no sign-up: fast), with names and join dates that
 * repeat, so pages split rows whose sort keys tie and only the id orders them.
 */
async function firmWithClients(n: number, prefix: string) {
  const firm = await buildFirm(ctx);
  const tag = `${prefix}${firm.firmId.replaceAll("-", "").slice(0, 12)}`;
  const { db } = ctx.services.deps;
  await db.execute(sql`
    insert into "user" (id, name, email, email_verified)
    select ${tag} || lpad(g::text, 4, '0'), 'Client ' || chr(65 + g % 5), ${tag} || g || '@example.com', true
    from generate_series(1, ${n}) g`);
  await db.execute(sql`
    insert into profiles (id, name, email, role, firm_id, created_at)
    select id, name, email, 'regular_user', ${firm.firmId}, timestamptz '2026-01-01 00:00:00.123456+00' + (substr(id, length(id) - 3)::int % 7) * interval '1 day 1 microsecond'
    from "user" where id like ${`${tag}%`}`);
  return { ...firm, tag };
}

/** The firm's clients in a sort order, as OFFSET paging read them before cursors. */
async function expectedOrder(firmId: string, order: string, search = "") {
  const rows = rowsOf<{ id: string }>(
    await ctx.services.deps.db.execute(
      sql`select id from profiles where firm_id = ${firmId} and role = 'regular_user' and search_text like ${`%${search}%`} order by ${sql.raw(order)}`,
    ),
  );
  return rows.map((r) => r.id);
}

const ORDERS = [
  { query: "sort=joined&dir=desc", order: "created_at desc, id desc" },
  { query: "sort=joined&dir=asc", order: "created_at asc, id asc" },
  { query: "sort=name&dir=asc", order: "lower(name) asc, id asc" },
  { query: "sort=name&dir=desc", order: "lower(name) desc, id desc" },
];

async function page(client: TestClient, query: string) {
  const res = await client.json<ClientListView>("GET", `/api/clients?${query}`);
  expect({ query, status: res.status, body: res.status === 200 ? null : res.body }).toEqual({
    query,
    status: 200,
    body: null,
  });
  return res.body;
}
const ids = (p: ClientListView) => p.clients.map((c) => c.id);
const cursorOf = (p: ClientListView) => encodeURIComponent(p.cursor ?? "");

describe("client list pages (cursor)", () => {
  let firm: Awaited<ReturnType<typeof firmWithClients>>;
  beforeAll(async () => {
    firm = await firmWithClients(43, "pg");
  });

  it("gives, by page number, by next, by previous and by jumps from a cursor, the rows of OFFSET paging in the same order", async () => {
    for (const { query, order } of ORDERS) {
      const all = await expectedOrder(firm.firmId, order);
      expect(all).toHaveLength(43);
      const expected = (n: number) => all.slice((n - 1) * 10, n * 10);
      // By number alone (from the start or, past the middle, back from the end).
      for (let n = 1; n <= 5; n++)
        expect(ids(await page(firm.admin, `${query}&page=${n}`))).toEqual(expected(n));
      // Next, from each page's cursor.
      let current = await page(firm.admin, `${query}&page=1`);
      for (let n = 2; n <= 5; n++) {
        current = await page(firm.admin, `${query}&page=${n}&cursor=${cursorOf(current)}`);
        expect({ n, ids: ids(current) }).toEqual({ n, ids: expected(n) });
        expect(current.page).toBe(n);
      }
      // Previous, from the last page back.
      for (let n = 4; n >= 1; n--) {
        current = await page(firm.admin, `${query}&page=${n}&cursor=${cursorOf(current)}`);
        expect({ n, ids: ids(current) }).toEqual({ n, ids: expected(n) });
      }
      // The same page again (a refresh), and jumps of several pages either way.
      expect(ids(await page(firm.admin, `${query}&page=1&cursor=${cursorOf(current)}`))).toEqual(
        expected(1),
      );
      const fourth = await page(firm.admin, `${query}&page=4&cursor=${cursorOf(current)}`);
      expect(ids(fourth)).toEqual(expected(4));
      expect(ids(await page(firm.admin, `${query}&page=2&cursor=${cursorOf(fourth)}`))).toEqual(
        expected(2),
      );
      // Past the end: an empty page without a cursor.
      const beyond = await page(firm.admin, `${query}&page=6&cursor=${cursorOf(fourth)}`);
      expect(beyond).toMatchObject({ clients: [], cursor: null, total: 43 });
    }
  });

  it("pages a search the same way, counted or capped at 1,000", async () => {
    const search = "client";
    const all = await expectedOrder(firm.firmId, "lower(name) desc, id desc", search);
    const query = `search=${encodeURIComponent("CLIENT")}&sort=name&dir=desc`;
    const first = await page(firm.admin, `${query}&page=1`);
    expect(first.total).toBe(43);
    const second = await page(firm.admin, `${query}&page=2&cursor=${cursorOf(first)}`);
    expect(ids(second)).toEqual(all.slice(10, 20));
    expect(ids(await page(firm.admin, `${query}&page=1&cursor=${cursorOf(second)}`))).toEqual(
      all.slice(0, 10),
    );

    const many = await firmWithClients(1_100, "pm");
    const dense = await expectedOrder(many.firmId, "created_at desc, id desc", "client");
    let current = await page(many.admin, "search=client&page=1");
    expect(current).toMatchObject({ total: 1000, isTotalCapped: true });
    for (let n = 2; n <= 3; n++) {
      current = await page(many.admin, `search=client&page=${n}&cursor=${cursorOf(current)}`);
      expect(ids(current)).toEqual(dense.slice((n - 1) * 10, n * 10));
    }
    current = await page(many.admin, `search=client&page=2&cursor=${cursorOf(current)}`);
    expect(ids(current)).toEqual(dense.slice(10, 20));
  });

  it("jumps to a page far from both ends (ids from app_client_page_ids) with OFFSET's rows, for the actor's firm only", async () => {
    const big = await firmWithClients(2_100, "pf");
    for (const { query, order } of [ORDERS[0], ORDERS[2]].flatMap((o) => (o ? [o] : []))) {
      const all = await expectedOrder(big.firmId, order);
      for (const n of [101, 105, 110]) {
        const res = await page(big.admin, `${query}&page=${n}`);
        expect({ n, ids: ids(res) }).toEqual({ n, ids: all.slice((n - 1) * 10, n * 10) });
      }
    }
    // Under another firm's admin, the same far page of this firm is empty: the function walks
    // only the actor's firm, and row-level security reads the rows back.
    const other = await buildFirm(ctx);
    const far = await withActor(ctx.services.deps.db, { userId: other.adminId }, async (tx) => ({
      page: await listClientsPage(tx, {
        firmId: big.firmId,
        query: { search: "", sort: "joined", dir: "desc", page: 105 },
        cursor: null,
      }),
      ids: rowsOf<{ id: string }>(
        await tx.execute(sql`select app_client_page_ids(false, false, 1040, 10) as id`),
      ),
    }));
    expect(far).toEqual({
      page: { rows: [], cursor: null, total: 0, isTotalCapped: false },
      ids: [],
    });
  });

  it("refuses a cursor that is not one, or belongs to another sort or search, with a 400 that says what to do", async () => {
    const first = await page(firm.admin, "page=1");
    const forged = (body: unknown) =>
      encodeURIComponent(Buffer.from(JSON.stringify(body)).toString("base64url"));
    const decoded = JSON.parse(Buffer.from(first.cursor ?? "", "base64url").toString()) as Record<
      string,
      unknown
    >;
    const bad = [
      "page=2&cursor=not-a-cursor",
      `page=2&cursor=${forged({ ...decoded, p: "2" })}`,
      `page=2&cursor=${forged({ ...decoded, f: ["2026-02-30T00:00:00.000000Z", "x"] })}`,
      `page=2&cursor=${forged({ ...decoded, t: ["yesterday", "x"] })}`,
      `page=2&cursor=${forged({ ...decoded, f: ["2026-01-01T00:00:00.000000Z", "a\u0000b"] })}`,
      `page=2&sort=name&dir=asc&cursor=${cursorOf(first)}`,
      `page=2&dir=asc&cursor=${cursorOf(first)}`,
      `page=2&search=client&cursor=${cursorOf(first)}`,
      `page=2&cursor=${"x".repeat(5000)}`,
    ];
    for (const query of bad) {
      const res = await firm.admin.json("GET", `/api/clients?${query}`);
      expect({ query, status: res.status }).toEqual({ query, status: 400 });
      if (!query.endsWith("x".repeat(10)))
        expect(res.body).toEqual({
          error: {
            code: "VALIDATION",
            message: CLIENT_MSG.badCursor,
            fields: { cursor: CLIENT_MSG.badCursor },
            requestId: expect.any(String),
          },
        });
    }
  });

  it("never shows another firm's clients, whatever the cursor names; row-level security decides below the API", async () => {
    const other = await firmWithClients(15, "po");
    const theirs = await page(other.admin, "page=1");
    const ours = await expectedOrder(firm.firmId, "created_at desc, id desc");
    // Another firm's cursor, and one forged to stand just before our firm's rows: their own rows only.
    for (const cursor of [theirs.cursor, (await page(firm.admin, "page=1")).cursor]) {
      const res = await page(other.admin, `page=2&cursor=${encodeURIComponent(cursor ?? "")}`);
      expect(res.clients.every((c) => c.id.startsWith(other.tag))).toBe(true);
      expect(res.clients.some((c) => ours.includes(c.id))).toBe(false);
    }
    // The query asked for our firm under the other firm's admin: the policies answer nothing.
    const asOther = await withActor(ctx.services.deps.db, { userId: other.adminId }, (tx) =>
      listClientsPage(tx, {
        firmId: firm.firmId,
        query: { search: "", sort: "joined", dir: "desc", page: 1 },
        cursor: null,
      }),
    );
    expect(asOther.rows).toEqual([]);
  });
});
