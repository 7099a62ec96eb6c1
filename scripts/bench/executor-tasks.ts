/**
 * The executor's task list (docs/decisions/099): one released estate with TASKS tasks (each with
 * a sealed note of 200 bytes, a due date, every status) on PGlite, and p50/p99 of GET
 * /api/legacy/tasks through the whole HTTP stack (a real node server, the portal's cookie, the
 * executor check, the presenter, the response read whole), beside a bare baseline in the same
 * run: a minimal node:http server answering the same tasks as JSON from one indexed query (no
 * session, no check). Requests alternate between the two. Goal (issue 36 item 4): 500 tasks in
 * one request, p99 <= 50 ms and <= 2x the bare baseline at p50 and p99.
 * Usage: node --import tsx scripts/bench/executor-tasks.ts [tasks=500] [requests=300]
 */
import { randomBytes } from "node:crypto";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { loadavg } from "node:os";
import { serve } from "@hono/node-server";
import { sql } from "drizzle-orm";
import { createApp } from "../../server/app.js";
import { openPglite } from "../../server/db/client.js";
import { parseEnv } from "../../server/env.js";
import { httpServerOptions } from "../../server/http/node-response.js";
import { newLinkToken } from "../../server/keys/link-token.js";
import { createLogger } from "../../server/logger.js";
import { createServices } from "../../server/services.js";
import { buildUser, type TestContext } from "../../test/harness.js";
import { printPair, timeAlternately } from "./paired.js";

const TASKS = Number(process.argv[2] ?? 500);
const REQUESTS = Number(process.argv[3] ?? 300);
const WARMUP = Number(process.env.WARMUP ?? 50);

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
const executor = `executor-${randomBytes(4).toString("hex")}@example.com`;
const { db } = database;
await db.execute(sql`insert into beneficiaries (user_id, name, email, is_executor)
  values (${owner.id}, 'Emma', ${executor}, true)`);
await db.execute(sql`insert into releases (user_id, trigger, status, started_at, release_at, released_at)
  values (${owner.id}, 'attestation', 'released', now(), now(), now())`);
await db.execute(sql`
  insert into executor_tasks (owner_id, source_kind, source_id, action, status, due_date, note, created_by, created_at, updated_at)
  select ${owner.id}, 'entry', gen_random_uuid()::text,
    (array['transfer', 'close', 'memorialise', 'cancel', 'claim'])[1 + g % 5],
    (array['todo', 'in_progress', 'done', 'not_needed'])[1 + g % 4],
    current_date + g, decode(repeat(md5(g::text), 25), 'hex'), ${executor},
    now() - (g || ' minutes')::interval, now()
  from generate_series(1, ${TASKS}) g`);
await db.execute(sql`analyze`);
const { token, hash } = newLinkToken();
await db.execute(sql`insert into legacy_sessions (token_hash, email, expires_at)
  values (${hash}, ${executor}, now() + interval '8 hours')`);

// The bare baseline: the same tasks as JSON from one indexed query, as the database's owner.
const bareQuery = sql`select coalesce(json_agg(t order by t.created_at, t.id), '[]')::text as body from (
  select id, source_kind, source_id, action, status, due_date, assignee_email,
    translate(encode(note, 'base64'), E'\\n', '') as note, updated_at, created_at
  from executor_tasks where owner_id = ${owner.id}) t`;
const bare = createServer((_req, res) => {
  db.execute(bareQuery).then(
    (r) => {
      const rows = (r as unknown as { rows: { body: string }[] }).rows;
      res.writeHead(200, { "content-type": "application/json" }).end(rows[0]?.body ?? "[]");
    },
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
const headers = { cookie: `lv_legacy=${token}`, origin: env.APP_URL };

async function get(port: number, path: string) {
  const res = await fetch(`http://127.0.0.1:${port}${path}`, port === appPort ? { headers } : {});
  if (res.status !== 200) throw new Error(`${path} -> ${res.status} ${await res.text()}`);
  return (await res.arrayBuffer()).byteLength;
}
let [ourBytes, bareBytes] = [0, 0];
for (let i = 0; i < WARMUP; i++) {
  ourBytes = await get(appPort, "/api/legacy/tasks");
  bareBytes = await get(barePort, "/");
}
const first = JSON.parse(
  await (await fetch(`http://127.0.0.1:${appPort}/api/legacy/tasks`, { headers })).text(),
) as { estates: { tasks: unknown[] }[] };
console.log(
  `load ${loadavg()[0]?.toFixed(1)}; tasks in one answer: ${first.estates[0]?.tasks.length}`,
);
const times = await timeAlternately(
  REQUESTS,
  () => get(appPort, "/api/legacy/tasks"),
  () => get(barePort, "/"),
);
const kb = (bytes: number) => Math.round(bytes / 1024);
printPair(
  `GET /api/legacy/tasks (${TASKS})`,
  times.ours,
  times.bare,
  32,
  `  (${kb(ourBytes)} KB / ${kb(bareBytes)} KB)`,
);
appServer.close();
bare.close();
await services.close();
process.exit(0);
