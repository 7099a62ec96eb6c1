/**
 * Seeds one user with 1,000 assets (a third of them documents with an encrypted file) on PGlite
 * and reports p50/p99 of GET /api/assets and GET /api/dashboard through the whole HTTP stack (a real
 * node server: session, actor, row-level security, the response read whole), beside a bare baseline
 * in the same run: a minimal node:http server on the same database answering the same bytes with
 * one indexed query (no session, no row-level security), and the ratio. Requests alternate between
 * the two servers, so the machine's noise falls on both. Goals (issue 13): p99 <= 20 ms, and
 * <= 1.5x the bare baseline at p50 and p99. WARMUP requests of each first (default 100: the seed's
 * garbage is collected before the measured requests start).
 * Usage: node --import tsx scripts/bench/assets.ts [assets=1000] [requests=1000] (p99 of 1,000 is steadier than of 300)
 */
import { randomBytes } from "node:crypto";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { loadavg } from "node:os";
import { serve } from "@hono/node-server";
import { sql, type SQL } from "drizzle-orm";
import { createApp } from "../../server/app.js";
import { openPglite } from "../../server/db/client.js";
import { parseEnv } from "../../server/env.js";
import { createLogger } from "../../server/logger.js";
import { createServices } from "../../server/services.js";
import { buildUser, type TestContext } from "../../test/harness.js";
import { printPair, timeAlternately } from "./paired.js";
import { httpServerOptions } from "../../server/http/node-response.js";

const ASSETS = Number(process.argv[2] ?? 1000);
const REQUESTS = Number(process.argv[3] ?? 1000);
const WARMUP = Number(process.env.WARMUP ?? 100);

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

const owner = await buildUser(ctx);
const seedStart = performance.now();
await database.db.execute(sql`
  insert into assets (id, user_id, type, encrypted_title, wrapped_key, encrypted_data, created_at, updated_at)
  select gen_random_uuid(), ${owner.id}, (array['password', 'document', 'note'])[1 + g % 3], decode(repeat(md5((g + 2)::text), 3), 'hex'),
    decode(repeat(md5(g::text), 2), 'hex') || decode(repeat(md5(g::text), 2), 'hex'), decode(repeat(md5((g + 1)::text), 40), 'hex'),
    now() - (g || ' minutes')::interval, now() - (g || ' minutes')::interval
  from generate_series(1, ${ASSETS}) g`);
await database.db.execute(sql`
  insert into asset_beneficiaries (asset_id, user_id, email, position)
  select id, user_id, 'heir' || id || '@example.com', 0 from assets where user_id = ${owner.id} and ascii(id::text) % 4 = 0`);
await database.db.execute(sql`
  insert into asset_files (asset_id, kind, content_type, size)
  select id, 'document', 'application/pdf', 64 * 1024 + 28 from assets where type = 'document'`);
await database.db.execute(sql`
  insert into asset_file_chunks (asset_id, kind, seq, data)
  select asset_id, kind, 0, decode(repeat(md5(asset_id::text), 4096), 'hex') from asset_files`);
await database.db.execute(sql`analyze`);
console.log(`seeded ${ASSETS} assets in ${Math.round(performance.now() - seedStart)} ms`);

// The bare baseline: the same bytes from one indexed query, as the database's owner.
const entries = (where: SQL) =>
  sql`select '[' || coalesce(string_agg(list_entry, ',' order by updated_at desc, id desc), '') || ']' as entries from assets where user_id = ${owner.id} ${where}`;
const bareQueries: Record<string, (p: URLSearchParams) => SQL> = {
  all: () => entries(sql``),
  document: () => entries(sql`and type = 'document'`),
  // The dashboard's three reads (counts by type, the 5 newest, beneficiaries) as one statement.
  dashboard: () => sql`select
    (select json_agg(c) from (select type, count(*)::int as n from assets where user_id = ${owner.id} group by type) c) as counts,
    (select json_agg(r) from (select id, type, title, translate(encode(encrypted_title, 'base64'), E'\\n', '') as "encryptedTitle", translate(encode(wrapped_key, 'base64'), E'\\n', '') as "wrappedKey", updated_at from assets where user_id = ${owner.id} order by updated_at desc, id desc limit 5) r) as recent,
    (select count(*)::int from beneficiaries where user_id = ${owner.id}) as beneficiaries`,
};
const bare = createServer((req, res) => {
  const url = new URL(req.url ?? "/", "http://bare");
  const query = bareQueries[url.pathname.slice(1)];
  if (!query) return void res.writeHead(404).end();
  database.db.execute(query(url.searchParams)).then(
    (r) => {
      const rows = (r as unknown as { rows: { entries?: string }[] }).rows;
      const body = rows[0]?.entries ?? JSON.stringify(rows);
      res.writeHead(200, { "content-type": "application/json" }).end(body);
    },
    (err: unknown) => res.writeHead(500).end(String(err)),
  );
});
const listen = () =>
  new Promise<number>((resolve) =>
    bare.listen(0, "127.0.0.1", () => resolve((bare.address() as AddressInfo).port)),
  );
const barePort = await listen();
const appServer = serve({
  fetch: app.fetch,
  port: 0,
  hostname: "127.0.0.1",
  serverOptions: httpServerOptions, // as server/main.ts
});
const appPort = await new Promise<number>((resolve) =>
  appServer.once("listening", () => resolve((appServer.address() as AddressInfo).port)),
);
const headers = { cookie: owner.client.cookieHeader(), origin: env.APP_URL };

type Case = { name: string; app: (i: number) => string; bare: (i: number) => string };
const cases: Case[] = [
  { name: "GET /api/assets (all)", app: () => "/api/assets", bare: () => "/all" },
  {
    name: "GET /api/assets?type=document",
    app: () => "/api/assets?type=document",
    bare: () => "/document",
  },
  { name: "GET /api/dashboard", app: () => "/api/dashboard", bare: () => "/dashboard" },
];

async function get(port: number, path: string): Promise<number> {
  const res = await fetch(`http://127.0.0.1:${port}${path}`, port === appPort ? { headers } : {});
  if (res.status !== 200) throw new Error(`${path} -> ${res.status} ${await res.text()}`);
  return (await res.arrayBuffer()).byteLength;
}
const all: number[] = [];
const allBare: number[] = [];
for (const c of cases) {
  let [ourBytes, bareBytes] = [0, 0];
  for (let i = 0; i < WARMUP; i++) {
    ourBytes = await get(appPort, c.app(i));
    bareBytes = await get(barePort, c.bare(i));
  }
  const times = await timeAlternately(
    REQUESTS,
    (i) => get(appPort, c.app(i)),
    (i) => get(barePort, c.bare(i)),
  );
  all.push(...times.ours);
  allBare.push(...times.bare);
  const kb = (bytes: number) => Math.round(bytes / 1024);
  printPair(c.name, times.ours, times.bare, 32, `  (${kb(ourBytes)} KB / ${kb(bareBytes)} KB)`);
}
all.sort((a, b) => a - b);
allBare.sort((a, b) => a - b);
printPair(`all requests (n=${all.length})`, all, allBare, 32);
console.log(
  `load average ${loadavg()
    .map((l) => l.toFixed(2))
    .join(" ")}`,
);
appServer.close();
bare.close();
await services.close();
