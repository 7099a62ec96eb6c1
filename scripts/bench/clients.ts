/**
 * Seeds one firm with 100,000 clients on PGlite and reports p50/p99 of GET /api/clients
 * (default sort, name sort, search, deep pages), through the whole HTTP stack.
 * Usage: node --import tsx scripts/bench/clients.ts [clients=100000] [requests=200]
 */
import { randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import { createApp } from "../../server/app.js";
import { openPglite } from "../../server/db/client.js";
import { parseEnv } from "../../server/env.js";
import { createLogger } from "../../server/logger.js";
import { createServices } from "../../server/services.js";
import { buildFirm } from "../../test/factories/firm.js";
import type { TestContext } from "../../test/harness.js";

const CLIENTS = Number(process.argv[2] ?? 100_000);
const REQUESTS = Number(process.argv[3] ?? 200);
const ONLY = process.argv[4];

const env = parseEnv({
  NODE_ENV: "test",
  APP_URL: "http://localhost:3999",
  DATA_DIR: ".tmp/bench",
  VAULT_MASTER_KEY: randomBytes(32).toString("base64"),
  LOG_LEVEL: "warn",
});
const database = await openPglite(undefined);
const services = await createServices(env, createLogger("warn"), { database });
const app = createApp(services.deps, { webDist: "/nonexistent" });
const ctx = { app, services, env, close: () => services.close() } as TestContext;

const { admin, firmId } = await buildFirm(ctx);
const seedStart = performance.now();
await database.db.execute(sql`
  insert into "user" (id, name, email, email_verified, created_at, updated_at)
  select 'bench-' || g, 'Client ' || md5(g::text), 'client' || g || '@example.com', true, now() - (g || ' minutes')::interval, now()
  from generate_series(1, ${CLIENTS}) g`);
// Bulk seed: the per-row counter trigger would update one firm row 100,000 times; set the count once instead.
await database.db.execute(sql`alter table profiles disable trigger profiles_client_count`);
await database.db.execute(sql`
  insert into profiles (id, name, email, role, firm_id, created_at)
  select u.id, u.name, u.email, 'regular_user', ${firmId}, u.created_at from "user" u where u.id like 'bench-%'`);
await database.db.execute(sql`alter table profiles enable trigger profiles_client_count`);
await database.db.execute(
  sql`update firms set client_count = (select count(*) from profiles p where p.firm_id = firms.id and p.role = 'regular_user')`,
);
await database.db.execute(sql`analyze`);
console.log(`seeded ${CLIENTS} clients in ${Math.round(performance.now() - seedStart)} ms`);

const cases: [string, (i: number) => string][] = [
  ["default (joined desc), page 1", () => "/api/clients"],
  [
    "sort by name asc, random page 1-50",
    (i) => `/api/clients?sort=name&dir=asc&page=${1 + (i % 50)}`,
  ],
  [
    "search by name fragment",
    (i) => `/api/clients?search=${["a1b", "ff", "c0", "9e", "d4"][i % 5]}`,
  ],
  [
    "search by e-mail, sort joined asc",
    (i) => `/api/clients?search=client${1000 + i}%40&sort=joined&dir=asc`,
  ],
  ["deep page (5,000)", () => "/api/clients?page=5000"],
];

const pct = (xs: number[], p: number) =>
  xs[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))] ?? NaN;
const all: number[] = [];
for (const [name, url] of cases.filter(([n]) => !ONLY || n.includes(ONLY))) {
  const times: number[] = [];
  for (let i = 0; i < REQUESTS; i++) {
    const t = performance.now();
    const res = await admin.request("GET", url(i));
    if (res.status !== 200) throw new Error(`${url(i)} -> ${res.status} ${await res.text()}`);
    await res.arrayBuffer();
    times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  all.push(...times);
  console.log(
    `${name.padEnd(40)} p50 ${pct(times, 50).toFixed(1)} ms  p99 ${pct(times, 99).toFixed(1)} ms`,
  );
}
all.sort((a, b) => a - b);
console.log(
  `${"all /api/clients requests".padEnd(40)} p50 ${pct(all, 50).toFixed(1)} ms  p99 ${pct(all, 99).toFixed(1)} ms  (n=${all.length})`,
);
await services.close();
