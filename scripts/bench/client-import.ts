/**
 * Client import (issue 38, item 1; docs/decisions/094): 10,000 rows of a CSV file from upload to
 * every invitation queued in the outbox: POST the file (parse, check every row, keep the rows), start,
 * and the background worker's batches (an invitation and an e-mail per row), through the whole HTTP
 * stack (session, access rule, row-level security). Beside it, in the same run, a bare baseline:
 * the same rows written with multi-row INSERTs into a table of the same columns as the database's
 * owner (no parsing, no checks, no invitations, no e-mails). Goal: ours <= 30 s.
 * PGlite in memory; PostgreSQL when DATABASE_URL names a scratch database.
 * Usage: [DATABASE_URL=postgres://…] node --import tsx scripts/bench/client-import.ts [rows=10000]
 */
import { randomBytes, randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { csvLine } from "../../common/csv.js";
import type { ClientImportDetail } from "../../common/client-imports.js";
import { createApp } from "../../server/app.js";
import { runClientImports } from "../../server/client-imports/worker.js";
import { openPglite, openPostgres } from "../../server/db/client.js";
import { clientImports, invitations, mailOutbox } from "../../server/db/schema/index.js";
import { parseEnv } from "../../server/env.js";
import { createLogger } from "../../server/logger.js";
import { createServices } from "../../server/services.js";
import { buildFirm } from "../../test/factories/firm.js";
import type { TestContext } from "../../test/harness.js";

const ROWS = Number(process.argv[2] ?? 10_000);
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

const run = randomUUID().slice(0, 8);
const people = Array.from({ length: ROWS }, (_, i) => [
  `Client ${i} Example`,
  `bench-${run}-${i}@example.com`,
  `+1 555 ${String(i).padStart(4, "0")}`,
  `M-${i}`,
  i % 10 === 0 ? "Referred by the estate team, call before sending the engagement letter" : null,
]);
const csv =
  csvLine(["name", "email", "phone", "matter reference", "note"]) + people.map(csvLine).join("");

// the bare baseline: the same rows, multi-row INSERTs of 2,000, no checks
await db.execute(sql`drop table if exists bench_bare_import`);
await db.execute(
  sql`create table bench_bare_import (line int primary key, name text, email text, phone text, matter_ref text, note text)`,
);
const bareStart = performance.now();
for (let i = 0; i < people.length; i += 2000) {
  const values = people
    .slice(i, i + 2000)
    .map((p, j) => sql`(${i + j + 2}, ${p[0]}, ${p[1]}, ${p[2]}, ${p[3]}, ${p[4]})`);
  await db.execute(sql`insert into bench_bare_import values ${sql.join(values, sql`, `)}`);
}
const bareMs = performance.now() - bareStart;
await db.execute(sql`drop table bench_bare_import`);

const { admin, firmId } = await buildFirm(ctx);
const start = performance.now();
const uploaded = await admin.json<ClientImportDetail>("POST", "/api/firm/client-imports", {
  fileName: "clients.csv",
  csv,
});
if (uploaded.status !== 201) throw new Error(`upload: ${uploaded.status}`);
const uploadMs = performance.now() - start;
const id = uploaded.body.import.id;
const started = await admin.request("POST", `/api/firm/client-imports/${id}/start`);
if (started.status !== 200) throw new Error(`start: ${started.status}`);
await runClientImports(services.deps);
const totalMs = performance.now() - start;

const [done] = await db.select().from(clientImports).where(eq(clientImports.id, id));
const invited = await db.$count(invitations, eq(invitations.firmId, firmId));
const queued = await db.$count(mailOutbox, sql`${mailOutbox.to} like ${`bench-${run}-%`}`);
if (done?.status !== "done" || invited !== ROWS || queued !== ROWS)
  throw new Error(`not all queued: ${done?.status} ${invited} ${queued}`);

const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
console.log(
  `client import, ${ROWS.toLocaleString("en-US")} rows, ${DATABASE_URL ? "PostgreSQL" : "PGlite"}`,
);
console.log(
  `  ours: upload + preview ${s(uploadMs)}, upload to every invitation queued ${s(totalMs)}`,
);
console.log(`  bare: multi-row INSERT of the same rows ${s(bareMs)}`);
console.log(`  goal: ours <= 30 s: ${totalMs <= 30_000 ? "met" : "NOT met"}`);
await services.close();
