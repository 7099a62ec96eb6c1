/**
 * Timers at scale (issue 35, decision 085): one firm with 100,000 clients, each with an inactivity
 * plan and its four pending timers; 10,000 of them in escalation (two accepted verifiers each, the
 * window's timer pending). Each run makes `due` escalations due (their window ended with no
 * answer) and times one sweep (runDueTimers: each due step claimed with FOR UPDATE SKIP LOCKED,
 * run and marked done in its own transaction; here each starts the owner's wait, with its e-mail,
 * evidence and audit rows), beside a bare SELECT of the due rows in the same run.
 * PGlite in memory; PostgreSQL when DATABASE_URL names a new, empty scratch database (the release
 * evidence it writes is append-only, so a second run needs a fresh one). Goal: the sweep <= 1 s.
 * Usage: [DATABASE_URL=postgres://…] node --import tsx scripts/bench/escalation.ts [clients=100000] [escalated=10000] [due=100] [runs=5]
 */
import { randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import { createOffsetClock } from "../../server/clock.js";
import { openPglite, openPostgres } from "../../server/db/client.js";
import { parseEnv } from "../../server/env.js";
import { vacuumAnalyze } from "../../server/jobs/queries.js";
import { createLogger } from "../../server/logger.js";
import { asSystem } from "../../server/db/actor.js";
import { selectDueTimerForUpdate } from "../../server/release/timer-queries.js";
import { runDueTimers } from "../../server/release/timers.js";
import { createServices } from "../../server/services.js";
import { buildFirm } from "../../test/factories/firm.js";
import type { TestContext } from "../../test/harness.js";
import { createApp } from "../../server/app.js";

const CLIENTS = Number(process.argv[2] ?? 100_000);
const ESCALATED = Number(process.argv[3] ?? 10_000);
const DUE = Number(process.argv[4] ?? 100);
const RUNS = Number(process.argv[5] ?? 5);
const DATABASE_URL = process.env.DATABASE_URL;
const HOUR = 3_600_000;

const env = parseEnv({
  NODE_ENV: "test",
  APP_URL: "http://localhost:3999",
  DATA_DIR: ".tmp/bench",
  VAULT_MASTER_KEY: randomBytes(32).toString("base64"),
  LOG_LEVEL: "warn",
});
const clock = createOffsetClock();
const database = DATABASE_URL ? openPostgres(DATABASE_URL) : await openPglite(undefined);
const services = await createServices(env, createLogger("warn"), { database, clock });
const ctx = {
  app: createApp(services.deps, { webDist: "/nonexistent" }),
  services,
  env,
  close: () => services.close(),
} as TestContext;
const { db } = database;

const { firmId } = await buildFirm(ctx);
const seedStart = performance.now();
const t0 = clock.now();
const at = (ms: number) => new Date(t0.getTime() + ms).toISOString();
await db.execute(sql`
  insert into "user" (id, name, email, email_verified, created_at, updated_at)
  select 'bench-' || g, 'Client ' || g, 'client' || g || '@example.com', true, now(), now()
  from generate_series(1, ${CLIENTS}) g`);
await db.execute(sql`alter table profiles disable trigger profiles_client_count`);
await db.execute(sql`
  insert into profiles (id, name, email, role, firm_id, created_at)
  select u.id, u.name, u.email, 'regular_user', ${firmId}, u.created_at from "user" u where u.id like 'bench-%'`);
await db.execute(sql`alter table profiles enable trigger profiles_client_count`);
// every client: a 12-month plan checked in some time in the last 300 days, and its four pending timers
await db.execute(sql`
  insert into release_plans (user_id, inactivity_months, wait_days, last_check_in_at, updated_at)
  select 'bench-' || g, 12, 7, ${at(0)}::timestamptz - ((g % 300) || ' days')::interval, now()
  from generate_series(1, ${CLIENTS}) g`);
await db.execute(sql`
  insert into timers (kind, user_id, due_at, details)
  select k.kind, p.user_id, p.last_check_in_at + interval '12 months' - (k.days || ' days')::interval,
    case when k.days > 0 then jsonb_build_object('daysBefore', k.days) end
  from release_plans p
  cross join (values ('inactivity_reminder', 30), ('inactivity_reminder', 7), ('inactivity_reminder', 1), ('inactivity_end', 0)) k(kind, days)
  where p.user_id like 'bench-%' and p.user_id not in (select 'bench-' || g from generate_series(1, ${ESCALATED}) g)`);
// the escalated: two accepted verifiers each; windows ending in hour 1..RUNS (DUE per run) or in 3-7 days
await db.execute(sql`
  insert into verifiers (owner_id, kind, name, email, status, invited_at, responded_at)
  select 'bench-' || g, 'person', 'Verifier ' || v, 'v' || v || '.' || g || '@example.com', 'accepted', now(), now()
  from generate_series(1, ${ESCALATED}) g cross join generate_series(1, 2) v`);
await db.execute(sql`
  insert into escalations (owner_id, started_at, ends_at)
  select 'bench-' || g, ${at(0)}::timestamptz - interval '6 days',
    case when g <= ${DUE * RUNS} then ${at(0)}::timestamptz + (((g - 1) / ${DUE} + 1) || ' hours')::interval
         else ${at(0)}::timestamptz + ((3 + g % 5) || ' days')::interval end
  from generate_series(1, ${ESCALATED}) g`);
await db.execute(sql`
  insert into timers (kind, user_id, due_at, details)
  select 'escalation_end', e.owner_id, e.ends_at, jsonb_build_object('id', e.id)
  from escalations e where e.owner_id like 'bench-%'`);
await vacuumAnalyze(db);
const count = async (q: string) =>
  Number(((await db.execute(sql.raw(q))) as unknown as { rows: { n: string }[] }).rows[0]?.n);
console.log(
  `${database.kind}: seeded ${CLIENTS} clients, ${await count("select count(*) n from timers where done_at is null")} pending timers, ${await count("select count(*) n from escalations where status = 'open'")} in escalation in ${Math.round(performance.now() - seedStart)} ms`,
);

const bare: number[] = [];
const claim: number[] = [];
const sweep: number[] = [];
for (let run = 1; run <= RUNS; run++) {
  clock.advance(HOUR); // the next DUE windows end
  const now = clock.now();
  let t = performance.now();
  const due = await db.execute(
    sql`select id, kind, user_id, due_at from timers where done_at is null and due_at <= ${now.toISOString()} order by due_at, id`,
  );
  bare.push(performance.now() - t);
  const found = (due as unknown as { rows: unknown[] }).rows.length;
  // the sweep's own query: the oldest due step, locked (committed without change)
  t = performance.now();
  await asSystem(db, (tx) => selectDueTimerForUpdate(tx, now));
  claim.push(performance.now() - t);
  t = performance.now();
  const ran = await runDueTimers(services.deps, { limit: 100_000 });
  sweep.push(performance.now() - t);
  if (ran !== DUE || found !== DUE) throw new Error(`run ${run}: ${found} due, ${ran} ran`);
}
const started = await count(
  "select count(*) n from releases where user_id like 'bench-%' and status = 'waiting'",
);
if (started !== DUE * RUNS) throw new Error(`${started} waits started, expected ${DUE * RUNS}`);

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;
const fmt = (xs: number[]) =>
  `median ${median(xs).toFixed(1)} ms, max ${Math.max(...xs).toFixed(1)} ms`;
console.log(`${RUNS} sweeps of ${DUE} due escalation steps (each starts a wait):`);
console.log(`  bare SELECT of the due rows   ${fmt(bare)}`);
console.log(`  the sweep's claim of one step ${fmt(claim)}`);
console.log(
  `  sweep (claim, run, mark done) ${fmt(sweep)}  (${(median(sweep) / DUE).toFixed(2)} ms a step)`,
);
console.log(`  each sweep in order: ${sweep.map((ms) => Math.round(ms)).join(", ")} ms`);
console.log(`  goal: sweep <= 1000 ms -> ${Math.max(...sweep) <= 1000 ? "met" : "NOT met"}`);
await ctx.close();
