/**
 * Seeds one user with 1,000 assets (a third of them documents with an encrypted file) on PGlite
 * and reports p50/p99 of GET /api/assets and GET /api/dashboard through the whole HTTP stack
 * (session, actor, row-level security, the response read whole), after WARMUP requests of each
 * (default 100: the seed's garbage is collected before the measured requests start).
 * Usage: node --import tsx scripts/bench/assets.ts [assets=1000] [requests=1000] (p99 of 1,000 is steadier than of 300)
 */
import { randomBytes } from "node:crypto";
import { loadavg } from "node:os";
import { sql } from "drizzle-orm";
import { createApp } from "../../server/app.js";
import { openPglite } from "../../server/db/client.js";
import { parseEnv } from "../../server/env.js";
import { createLogger } from "../../server/logger.js";
import { createServices } from "../../server/services.js";
import { buildUser, type TestContext } from "../../test/harness.js";

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
  insert into assets (id, user_id, type, title, wrapped_key, encrypted_data, created_at, updated_at)
  select gen_random_uuid(), ${owner.id}, (array['password', 'document', 'note'])[1 + g % 3], 'Item ' || md5(g::text),
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

const cases: [string, (i: number) => string][] = [
  ["GET /api/assets (all)", () => "/api/assets"],
  ["GET /api/assets?type=document", () => "/api/assets?type=document"],
  ["GET /api/assets?search=", (i) => `/api/assets?search=${["a1", "ff", "c0", "9e", "d4"][i % 5]}`],
  ["GET /api/dashboard", () => "/api/dashboard"],
];

const pct = (xs: number[], p: number) =>
  xs[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))] ?? NaN;
for (const [name, url] of cases) {
  for (let i = 0; i < WARMUP; i++) await (await owner.client.request("GET", url(i))).arrayBuffer(); // warm-up
  const times: number[] = [];
  let bytes = 0;
  for (let i = 0; i < REQUESTS; i++) {
    const t = performance.now();
    const res = await owner.client.request("GET", url(i));
    if (res.status !== 200) throw new Error(`${url(i)} -> ${res.status} ${await res.text()}`);
    bytes = (await res.arrayBuffer()).byteLength;
    times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  console.log(
    `${name.padEnd(32)} p50 ${pct(times, 50).toFixed(1)} ms  p99 ${pct(times, 99).toFixed(1)} ms  (${Math.round(bytes / 1024)} KB)`,
  );
}
console.log(
  `load average ${loadavg()
    .map((l) => l.toFixed(2))
    .join(" ")}`,
);
await services.close();
