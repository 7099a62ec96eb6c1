/**
 * Seeds one firm with 100,000 clients and reports p50/p99 of GET /api/clients for each kind of
 * request (default and name sort, name and e-mail fragments, next/previous deep pages from a
 * cursor, a jump to a deep page), through the whole HTTP stack, beside a bare baseline measured in
 * the same run: a minimal node:http server answering the same rows from the same database with one
 * indexed query (no session, no row-level security), and the ratio. Requests alternate between the
 * two servers, so the machine's noise falls on both.
 * PGlite in memory; PostgreSQL when DATABASE_URL names a scratch database (its bench-% rows are
 * replaced). Goal: p99 <= 20 ms for every kind (decision 033).
 * Usage: [DATABASE_URL=postgres://…] node --import tsx scripts/bench/clients.ts [clients=100000] [requests=200] [only]
 */
import { randomBytes } from "node:crypto";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { serve } from "@hono/node-server";
import { sql, type SQL } from "drizzle-orm";
import { createApp } from "../../server/app.js";
import { openPglite, openPostgres } from "../../server/db/client.js";
import { parseEnv } from "../../server/env.js";
import { vacuumAnalyze } from "../../server/jobs/queries.js";
import { createLogger } from "../../server/logger.js";
import { createServices } from "../../server/services.js";
import { buildFirm } from "../../test/factories/firm.js";
import type { TestContext } from "../../test/harness.js";
import { printPair, timeAlternately } from "./paired.js";
import { httpServerOptions } from "../../server/http/node-response.js";

const CLIENTS = Number(process.argv[2] ?? 100_000);
const REQUESTS = Number(process.argv[3] ?? 200);
const ONLY = process.argv[4];
const DATABASE_URL = process.env.DATABASE_URL;
const DEEP = Math.max(2, Math.floor(CLIENTS / 20)); // page 5,000 of 10,000 for 100,000 clients

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
await db.execute(sql`
  insert into "user" (id, name, email, email_verified, created_at, updated_at)
  select 'bench-' || g, 'Client ' || md5(g::text), 'client' || g || '@example.com', true, now() - (g || ' minutes')::interval, now()
  from generate_series(1, ${CLIENTS}) g`);
// Bulk seed: the per-row counter trigger would update one firm row 100,000 times; set the count once instead.
await db.execute(sql`alter table profiles disable trigger profiles_client_count`);
await db.execute(sql`
  insert into profiles (id, name, email, role, firm_id, created_at)
  select u.id, u.name, u.email, 'regular_user', ${firmId}, u.created_at from "user" u where u.id like 'bench-%'`);
await db.execute(sql`alter table profiles enable trigger profiles_client_count`);
await db.execute(
  sql`update firms set client_count = (select count(*) from profiles p where p.firm_id = firms.id and p.role = 'regular_user')`,
);
// What runs on its own afterwards: PGlite's periodic job (server/jobs/scheduler.ts), PostgreSQL's autovacuum.
await vacuumAnalyze(db);
console.log(
  `${database.kind}: seeded ${CLIENTS} clients in ${Math.round(performance.now() - seedStart)} ms`,
);

// The bare baseline: one indexed query for the same rows, as the database's owner.
const cols = sql`id, name, email, created_at`;
const isClient = sql`firm_id = ${firmId} and role = 'regular_user'`;
const joinedDesc = sql`order by created_at desc, id desc`;
const bareQueries: Record<string, (p: URLSearchParams) => SQL> = {
  first: () => sql`select ${cols} from profiles where ${isClient} ${joinedDesc} limit 10`,
  name: (p) =>
    sql`select ${cols} from profiles where ${isClient} order by lower(name), id limit 10 offset ${Number(p.get("offset"))}`,
  search: (p) =>
    sql`select ${cols} from profiles where ${isClient} and search_text like ${`%${p.get("q") ?? ""}%`} order by created_at ${sql.raw(p.get("dir") === "asc" ? "asc" : "desc")}, id limit 10`,
  after: (p) =>
    sql`select ${cols} from profiles where ${isClient} and (created_at, id) < (${p.get("at")}::timestamptz, ${p.get("id")}) ${joinedDesc} limit 10`,
  before: (p) =>
    sql`select * from (select ${cols} from profiles where ${isClient} and (created_at, id) > (${p.get("at")}::timestamptz, ${p.get("id")}) order by created_at, id limit 10) r ${joinedDesc}`,
  offset: (p) =>
    sql`select ${cols} from profiles where ${isClient} ${joinedDesc} limit 10 offset ${Number(p.get("offset"))}`,
};
const bare = createServer((req, res) => {
  const url = new URL(req.url ?? "/", "http://bare");
  const query = bareQueries[url.pathname.slice(1)];
  if (!query) return void res.writeHead(404).end();
  db.execute(query(url.searchParams)).then(
    (r) =>
      res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(rowsOf(r))),
    (err: unknown) => res.writeHead(500).end(String(err)),
  );
});
const listen = (server: { listen: typeof bare.listen } & { address: typeof bare.address }) =>
  new Promise<number>((resolve) =>
    server.listen(0, "127.0.0.1", () => resolve((server.address() as AddressInfo).port)),
  );
const barePort = await listen(bare);
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

const bareRows = async (path: string) =>
  (await (await fetch(`http://127.0.0.1:${barePort}${path}`)).json()) as { id: string }[];
type Page = { clients: { id: string }[]; cursor: string | null };
async function get(port: number, path: string): Promise<Page> {
  if (port === barePort) return { clients: await bareRows(path), cursor: null };
  const res = await fetch(`http://127.0.0.1:${port}${path}`, { headers });
  if (res.status !== 200) throw new Error(`${path} -> ${res.status} ${await res.text()}`);
  return (await res.json()) as Page;
}

// Pages DEEP-50 .. DEEP+50 walked once by "next", untimed: their cursors and the rows that border them.
const around: Page[] = [await get(appPort, `/api/clients?page=${DEEP - 50}`)];
for (let p = DEEP - 49; p <= DEEP + 50; p++) {
  const prev = around[around.length - 1];
  around.push(await get(appPort, `/api/clients?page=${p}&cursor=${prev?.cursor ?? ""}`));
}
const pageAt = (p: number) => around[p - (DEEP - 50)] as Page;
const edge = (page: Page, at: "first" | "last") => {
  const row = at === "first" ? page.clients[0] : page.clients[page.clients.length - 1];
  if (!row) throw new Error("empty page");
  // created_at to the microsecond, as the bare query compares it
  return new URLSearchParams({ id: row.id, at: "" });
};
const keys = new Map<string, string>(
  rowsOf<{ id: string; at: string }>(
    await db.execute(
      sql`select id, to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as at from profiles where id = any(${sql.param(around.flatMap((p) => p.clients.map((c) => c.id)))}::text[])`,
    ),
  ).map((r) => [r.id, r.at]),
);
const bareEdge = (page: Page, at: "first" | "last") => {
  const p = edge(page, at);
  p.set("at", keys.get(p.get("id") ?? "") ?? "");
  return p.toString();
};

type Case = { name: string; app: (i: number) => string; bare: (i: number) => string };
const names = ["a1b", "ff", "c0", "9e", "d4"];
const cases: Case[] = [
  { name: "default (joined desc), page 1", app: () => "/api/clients", bare: () => "/first" },
  {
    name: "sort by name asc, random page 1-50",
    app: (i) => `/api/clients?sort=name&dir=asc&page=${1 + (i % 50)}`,
    bare: (i) => `/name?offset=${(i % 50) * 10}`,
  },
  {
    name: "search by name fragment",
    app: (i) => `/api/clients?search=${names[i % 5]}`,
    bare: (i) => `/search?q=${names[i % 5]}`,
  },
  {
    name: "search by e-mail, sort joined asc",
    app: (i) => `/api/clients?search=client${1000 + i}%40&sort=joined&dir=asc`,
    bare: (i) => `/search?q=client${1000 + i}%40&dir=asc`,
  },
  {
    name: `next to a deep page (${DEEP - 49}-${DEEP})`,
    app: (i) => {
      const p = DEEP - 49 + (i % 50);
      return `/api/clients?page=${p}&cursor=${pageAt(p - 1).cursor ?? ""}`;
    },
    bare: (i) => `/after?${bareEdge(pageAt(DEEP - 50 + (i % 50)), "last")}`,
  },
  {
    name: `previous to a deep page (${DEEP}-${DEEP + 49})`,
    app: (i) => {
      const p = DEEP + (i % 50);
      return `/api/clients?page=${p}&cursor=${pageAt(p + 1).cursor ?? ""}`;
    },
    bare: (i) => `/before?${bareEdge(pageAt(DEEP + 1 + (i % 50)), "first")}`,
  },
  {
    name: `jump to page ${DEEP} (no cursor)`,
    app: () => `/api/clients?page=${DEEP}`,
    bare: () => `/offset?offset=${(DEEP - 1) * 10}`,
  },
];

const all: number[] = [];
const allBare: number[] = [];
for (const c of cases.filter((x) => !ONLY || x.name.includes(ONLY))) {
  // Warm-up, untimed: both servers must answer the same rows in the same order.
  for (let i = 0; i < 5; i++) {
    const [ours, base] = await Promise.all([get(appPort, c.app(i)), bareRows(c.bare(i))]);
    const [a, b] = [ours.clients.map((r) => r.id).join(), base.map((r) => r.id).join()];
    if (a !== b) throw new Error(`${c.name}: ${c.app(i)} answered ${a}, the bare query ${b}`);
  }
  const times = await timeAlternately(
    REQUESTS,
    (i) => get(appPort, c.app(i)),
    (i) => get(barePort, c.bare(i)),
  );
  all.push(...times.ours);
  allBare.push(...times.bare);
  printPair(c.name, times.ours, times.bare);
}
all.sort((a, b) => a - b);
allBare.sort((a, b) => a - b);
printPair(`all /api/clients requests (n=${all.length})`, all, allBare);
appServer.close();
bare.close();
await services.close();
