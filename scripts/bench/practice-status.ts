/**
 * Plan status across the practice (issue 38, item 2; docs/decisions/087): seeds one firm with
 * 100,000 clients in varied plan states (release plans with spread check-ins, beneficiaries,
 * verifiers invited or accepted, recovery kits), written into the tables the facts come from,
 * then each client's client_plan_status row computed by migration 0048's own function. Then p50/p99 of GET
 * /api/firm/plan-status for each sort, filters and next pages from a cursor, through the whole
 * HTTP stack (session, access rule, row-level security as lv_app, presenter), beside a bare
 * baseline in the same run: a minimal node:http server answering the same rows with one SELECT
 * as the database's owner (no session, no RLS). Goal: ours p99 <= 2x bare p99 for every kind.
 * Also printed once: the CSV of all clients, and computing every client's facts on the fly (the
 * alternative that decision 087 rejects).
 * PGlite in memory; PostgreSQL when DATABASE_URL names a scratch database (its bench-% rows are
 * replaced).
 * Usage: [DATABASE_URL=postgres://…] node --import tsx scripts/bench/practice-status.ts [clients=100000] [requests=200]
 */
import { randomBytes } from "node:crypto";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { serve } from "@hono/node-server";
import { sql, type SQL } from "drizzle-orm";
import { planStatusQuerySchema, type PlanStatusPage } from "../../common/plan-status.js";
import { createApp } from "../../server/app.js";
import { withActor } from "../../server/db/actor.js";
import { openPglite, openPostgres } from "../../server/db/client.js";
import { parseEnv } from "../../server/env.js";
import { httpServerOptions } from "../../server/http/node-response.js";
import { vacuumAnalyze } from "../../server/jobs/queries.js";
import { createLogger } from "../../server/logger.js";
import { decodeStatusCursor } from "../../server/plan-status/cursor.js";
import { selectPlanStatusPage } from "../../server/plan-status/queries.js";
import { createServices } from "../../server/services.js";
import { buildFirm } from "../../test/factories/firm.js";
import type { TestContext } from "../../test/harness.js";
import { printPair, timeAlternately } from "./paired.js";

const CLIENTS = Number(process.argv[2] ?? 100_000);
const REQUESTS = Number(process.argv[3] ?? 200);
const DATABASE_URL = process.env.DATABASE_URL;

const env = parseEnv({
  NODE_ENV: "test",
  APP_URL: "http://localhost:3999",
  DATA_DIR: ".tmp/bench",
  VAULT_MASTER_KEY: randomBytes(32).toString("base64"),
  LOG_LEVEL: "warn",
});
const database = DATABASE_URL ? openPostgres(DATABASE_URL) : await openPglite(undefined);
const services = await createServices(env, createLogger("warn"), { database });
const app = createApp(services.deps, { webDist: "/nonexistent" });
const ctx = { app, services, env, close: () => services.close() } as TestContext;
const { db } = database;
const rowsOf = <T>(r: unknown) => (r as { rows: T[] }).rows;

const { admin, firmId } = await buildFirm(ctx);
const seedStart = performance.now();
await db.execute(sql`delete from profiles where id like 'bench-%'`);
await db.execute(sql`delete from "user" where id like 'bench-%'`);
const series = sql`from generate_series(1, ${CLIENTS}) g`;
await db.execute(sql`
  insert into "user" (id, name, email, email_verified, created_at, updated_at)
  select 'bench-' || g, 'Client ' || md5(g::text), 'client' || g || '@example.com', true, now(), now() ${series}`);
// Bulk seed: the per-row triggers would recompute each client once per row written (about 2.6
// times each); they are off while seeding and every client is computed once at the end, by the
// same function they call (the triggers themselves are tested in server/plan-status/).
const TRIGGERS = [
  ["profiles", "plan_status_profiles"],
  ["release_plans", "plan_status_release_plans"],
  ["beneficiaries", "plan_status_beneficiaries"],
  ["verifiers", "plan_status_verifiers"],
  ["user_keys", "plan_status_user_keys"],
] as const;
const setTriggers = async (state: "enable" | "disable") => {
  for (const [table, trigger] of TRIGGERS)
    await db.execute(sql.raw(`alter table ${table} ${state} trigger ${trigger}`));
};
await setTriggers("disable");
await db.execute(sql`alter table profiles disable trigger profiles_client_count`);
await db.execute(sql`
  insert into profiles (id, name, email, role, firm_id, created_at)
  select u.id, u.name, u.email, 'regular_user', ${firmId}, u.created_at from "user" u where u.id like 'bench-%'`);
await db.execute(sql`alter table profiles enable trigger profiles_client_count`);
// Two in three have a release plan, checked in over the last 500 days.
await db.execute(sql`
  insert into release_plans (user_id, inactivity_months, last_check_in_at, updated_at)
  select 'bench-' || g, 6, now() - (g % 500) * interval '1 day' - g * interval '1 second', now()
  ${series} where g % 3 <> 0`);
// Half name a beneficiary; one in five names a verifier, who has accepted for one in ten.
await db.execute(sql`
  insert into beneficiaries (user_id, name, email)
  select 'bench-' || g, 'B', 'heir' || g || '@example.com' ${series} where g % 2 = 0`);
await db.execute(sql`
  insert into verifiers (owner_id, kind, name, email, status, invited_at)
  select 'bench-' || g, 'person', 'V', 'verifier' || g || '@example.com',
    case when g % 10 = 0 then 'accepted' else 'invited' end, now()
  ${series} where g % 5 = 0`);
// One in four has moved their keys over and made a recovery kit.
await db.execute(sql`
  insert into user_keys (user_id, kdf_salt, kdf_iterations, password_wrapped_key, recovery_wrapped_key)
  select 'bench-' || g, decode(repeat('01', 16), 'hex'), 600000, decode(repeat('02', 60), 'hex'),
    decode(repeat('03', 60), 'hex')
  ${series} where g % 4 = 0`);
await setTriggers("enable");
await db.execute(
  sql`do $$ begin perform app_refresh_plan_status(id) from profiles where id like 'bench-%'; end $$`,
);
await db.execute(
  sql`update firms set client_count = (select count(*) from profiles p where p.firm_id = firms.id and p.role = 'regular_user')`,
);
await vacuumAnalyze(db);
const scores = rowsOf<{ score: number; n: number }>(
  await db.execute(
    sql`select score, count(*)::int as n from client_plan_status where firm_id = ${firmId} group by score order by score`,
  ),
);
console.log(
  `${database.kind}: seeded ${CLIENTS} clients in ${Math.round(performance.now() - seedStart)} ms (each client's status computed once); scores ${scores.map((s) => `${s.score}:${s.n}`).join(" ")}`,
);

// The bare baseline: the same rows, one SELECT, as the owner.
const KEYS: Record<string, { column: string; asText: string; cast: string }> = {
  score: { column: "s.score", asText: "s.score::text", cast: "smallint" },
  name: { column: "s.sort_name", asText: "s.sort_name", cast: "text" },
  check_in: {
    column: "coalesce(s.last_check_in_at, 'epoch'::timestamptz)",
    asText: `to_char(coalesce(s.last_check_in_at, 'epoch'::timestamptz) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`,
    cast: "timestamptz",
  },
};
const FILTERS: Record<string, string> = {
  all: "true",
  incomplete: "s.score < 100",
  complete: "s.score = 100",
  no_release_plan: "not s.has_release_plan",
  no_recovery_kit: "not s.has_recovery_kit",
  verifiers_not_accepted: "not s.are_verifiers_accepted",
};
function bareQuery(p: URLSearchParams): SQL {
  const key = KEYS[p.get("sort") ?? "score"] ?? KEYS.score;
  if (!key) throw new Error("no key");
  const dir = p.get("dir") === "desc" ? "desc" : "asc";
  const after = p.get("k");
  const past = after
    ? sql`and (${sql.raw(key.column)}, s.client_id) ${sql.raw(dir === "asc" ? ">" : "<")} (${after}::${sql.raw(key.cast)}, ${p.get("i")})`
    : sql``;
  return sql`select s.client_id, p.name, p.email, s.has_release_plan, s.has_beneficiaries,
      s.are_keys_handed_over, s.are_verifiers_accepted, s.has_recovery_kit, s.last_check_in_at,
      s.score, ${sql.raw(key.asText)} as sort_key
    from client_plan_status s join profiles p on p.id = s.client_id
    where s.firm_id = ${firmId} and ${sql.raw(FILTERS[p.get("filter") ?? "all"] ?? "true")} ${past}
    order by ${sql.raw(key.column)} ${sql.raw(dir)}, s.client_id ${sql.raw(dir)} limit 51`;
}
type BareRow = { client_id: string; sort_key: string };
const bare = createServer((req, res) => {
  const url = new URL(req.url ?? "/", "http://bare");
  db.execute(bareQuery(url.searchParams)).then(
    (r) =>
      res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(rowsOf(r))),
    (err: unknown) => res.writeHead(500).end(String(err)),
  );
});
const barePort = await new Promise<number>((resolve) =>
  bare.listen(0, "127.0.0.1", () => resolve((bare.address() as AddressInfo).port)),
);
const appServer = serve({
  fetch: app.fetch,
  port: 0,
  hostname: "127.0.0.1",
  serverOptions: httpServerOptions, // as server/main.ts
});
const appPort = await new Promise<number>((resolve) =>
  appServer.once("listening", () => resolve((appServer.address() as AddressInfo).port)),
);
const headers = { cookie: admin.cookieHeader(), origin: env.APP_URL };

async function ours(query: string): Promise<PlanStatusPage> {
  const res = await fetch(`http://127.0.0.1:${appPort}/api/firm/plan-status?${query}`, {
    headers,
  });
  if (res.status !== 200) throw new Error(`${query} -> ${res.status} ${await res.text()}`);
  return (await res.json()) as PlanStatusPage;
}
const bareRows = async (query: string) =>
  (await (await fetch(`http://127.0.0.1:${barePort}/?${query}`)).json()) as BareRow[];

// Pages 2-51 of the default list, walked once, untimed: each page's cursor and the bare query's key.
const walk: { query: string; bare: string }[] = [];
{
  let cursor: string | null = (await ours("")).nextCursor;
  let bareAfter = (await bareRows("sort=score")).slice(0, 50).at(-1);
  for (let i = 0; i < 50 && cursor && bareAfter; i++) {
    walk.push({
      query: `cursor=${cursor}`,
      bare: `sort=score&k=${encodeURIComponent(bareAfter.sort_key)}&i=${bareAfter.client_id}`,
    });
    cursor = (await ours(`cursor=${cursor}`)).nextCursor;
    bareAfter = (await bareRows(walk.at(-1)?.bare ?? "")).slice(0, 50).at(-1);
  }
}

type Case = { name: string; app: (i: number) => string; bare: (i: number) => string };
const same = (name: string, query: string): Case => ({ name, app: () => query, bare: () => query });
const cases: Case[] = [
  same("default (score asc), page 1", "sort=score&dir=asc"),
  same("sort by name asc, page 1", "sort=name&dir=asc"),
  same("sort by last check-in desc, page 1", "sort=check_in&dir=desc"),
  same("filter no release plan, by name", "sort=name&dir=asc&filter=no_release_plan"),
  same("filter complete (few), by name", "sort=name&dir=asc&filter=complete"),
  same("filter incomplete, by score desc", "sort=score&dir=desc&filter=incomplete"),
  same("filter no recovery kit, by check-in", "sort=check_in&dir=asc&filter=no_recovery_kit"),
  same(
    "filter verifiers not accepted, by name",
    "sort=name&dir=desc&filter=verifiers_not_accepted",
  ),
  {
    name: `next page from a cursor (pages 2-${walk.length + 1})`,
    app: (i) => walk[i % walk.length]?.query ?? "",
    bare: (i) => walk[i % walk.length]?.bare ?? "",
  },
];

/** The query-level pair: our page statement as the app runs it, and the same rows by id. */
const adminId = rowsOf<{ id: string }>(
  await db.execute(sql`select id from profiles where firm_id = ${firmId} and role = 'firm_admin'`),
)[0]?.id;
if (!adminId) throw new Error("no admin");
const queryOf = (query: string) => {
  const p = new URLSearchParams(query);
  const parsed = planStatusQuerySchema.parse(Object.fromEntries(p));
  return { parsed, after: decodeStatusCursor(parsed, parsed.cursor) };
};
const ourQuery = (query: string) => {
  const { parsed, after } = queryOf(query);
  return withActor(db, { userId: adminId }, (tx) =>
    selectPlanStatusPage(tx, { firmId, query: parsed, after, limit: 51 }),
  );
};
/** The statement alone, as the owner outside a transaction: what sorting and filtering cost. */
const ourStatement = (query: string) => {
  const { parsed, after } = queryOf(query);
  return selectPlanStatusPage(db, { firmId, query: parsed, after, limit: 51 });
};
const sameRows = (ids: string[]) =>
  db.execute(sql`select s.client_id, p.name, p.email, s.has_release_plan, s.has_beneficiaries,
      s.are_keys_handed_over, s.are_verifiers_accepted, s.has_recovery_kit, s.last_check_in_at,
      s.score
    from client_plan_status s join profiles p on p.id = s.client_id
    where s.client_id = any(${sql.param(ids)}::text[])`);

const p99 = (sorted: number[]) => sorted[Math.floor(0.99 * sorted.length)] ?? NaN;
const all = {
  statement: [] as number[],
  statementBare: [] as number[],
  ours: [] as number[],
  bare: [] as number[],
  http: [] as number[],
  httpBare: [] as number[],
};
let isOver = false;
console.log(
  "query: our page statement (withActor, lv_app, RLS) | bare: SELECT of the same rows by id",
);
for (const c of cases) {
  // Warm-up, untimed: ours over HTTP, our statement and the bare HTTP query agree on the rows.
  const ids: string[][] = [];
  for (let i = 0; i < walk.length || i < 5; i++) {
    const [a, b, q] = await Promise.all([ours(c.app(i)), bareRows(c.bare(i)), ourQuery(c.app(i))]);
    const [x, y, z] = [
      a.clients.map((r) => r.clientId).join(),
      b
        .slice(0, 50)
        .map((r) => r.client_id)
        .join(),
      q
        .slice(0, 50)
        .map((r) => r.clientId)
        .join(),
    ];
    if (x !== y || x !== z)
      throw new Error(`${c.name}: ours ${x.slice(0, 80)}, bare ${y.slice(0, 80)}`);
    ids.push(q.map((r) => r.clientId));
    if (c.app(0) === c.app(1)) break;
  }
  const idsAt = (i: number) => ids[i % ids.length] ?? [];
  const q = await timeAlternately(
    REQUESTS,
    (i) => ourQuery(c.app(i)),
    (i) => sameRows(idsAt(i)),
  );
  const st = await timeAlternately(
    REQUESTS,
    (i) => ourStatement(c.app(i)),
    (i) => sameRows(idsAt(i)),
  );
  const h = await timeAlternately(
    REQUESTS,
    (i) => ours(c.app(i)),
    (i) => bareRows(c.bare(i)),
  );
  all.ours.push(...q.ours);
  all.bare.push(...q.bare);
  all.statement.push(...st.ours);
  all.statementBare.push(...st.bare);
  all.http.push(...h.ours);
  all.httpBare.push(...h.bare);
  const ratio = p99(q.ours) / p99(q.bare);
  if (ratio > 2) isOver = true;
  printPair(`query ${c.name}`, q.ours, q.bare, 50, ratio > 2 ? "  OVER 2x" : "");
  printPair(`  statement alone (no RLS, no transaction)`, st.ours, st.bare, 50);
  printPair(`  http (bare: same SELECT sorted)`, h.ours, h.bare, 50);
}
for (const list of Object.values(all)) list.sort((a, b) => a - b);
printPair(`query, all kinds (n=${all.ours.length})`, all.ours, all.bare, 50);
printPair(`statement alone, all kinds`, all.statement, all.statementBare, 50);
printPair(`http, all kinds (n=${all.http.length})`, all.http, all.httpBare, 50);

// The CSV of every client, once.
{
  const t = performance.now();
  const res = await fetch(`http://127.0.0.1:${appPort}/api/firm/plan-status.csv`, { headers });
  const text = await res.text();
  const lines = text.split("\r\n").length - 2;
  console.log(
    `CSV of all clients: ${lines} rows, ${(text.length / 1e6).toFixed(1)} MB in ${Math.round(performance.now() - t)} ms`,
  );
}
// The rejected alternative: every client's facts computed per request, sorted by score.
{
  const t = performance.now();
  await db.execute(sql`
    select p.id, (f.has_release_plan::int + f.has_beneficiaries::int + f.has_recovery_kit::int) as score
    from profiles p, app_plan_facts(p.id) f
    where p.firm_id = ${firmId} and p.role = 'regular_user'
    order by score, p.id limit 50`);
  console.log(
    `computed on the fly (no status table), page 1 by score: ${Math.round(performance.now() - t)} ms`,
  );
}
console.log(
  isOver ? "GOAL MISSED: a query p99 over 2x bare" : "goal met: every query p99 <= 2x bare",
);
appServer.close();
bare.close();
await services.close();
