/**
 * The message sweep at scale (docs/decisions/089): 100,000 scheduled messages (10,000 released
 * owners with 10 messages each, one recipient each, due from this hour to 25 years on). Each run
 * makes `due` of them due and times one pass of deliverDueMessages (due rows only, by the partial
 * index; claimed with FOR UPDATE SKIP LOCKED; each recipient e-mailed once per owner; an audit row
 * per message), beside a bare SELECT of the due rows in the same run.
 * PGlite in memory; PostgreSQL when DATABASE_URL names a new, empty scratch database.
 * Goal: one pass <= 1 s.
 * Usage: [DATABASE_URL=postgres://…] node --import tsx scripts/bench/message-sweep.ts [messages=100000] [due=100] [runs=5]
 */
import { randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import { createOffsetClock } from "../../server/clock.js";
import { openPglite, openPostgres } from "../../server/db/client.js";
import { parseEnv } from "../../server/env.js";
import { vacuumAnalyze } from "../../server/jobs/queries.js";
import { createLogger } from "../../server/logger.js";
import { deliverDueMessages } from "../../server/messages/sweep.js";
import { createServices } from "../../server/services.js";

const MESSAGES = Number(process.argv[2] ?? 100_000);
const DUE = Number(process.argv[3] ?? 100);
const RUNS = Number(process.argv[4] ?? 5);
const PER_OWNER = 10;
const OWNERS = Math.ceil(MESSAGES / PER_OWNER);
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
const { db } = database;

const seedStart = performance.now();
const t0 = clock.now().toISOString();
await db.execute(sql`
  insert into "user" (id, name, email, email_verified, created_at, updated_at)
  select 'mbench-' || g, 'Owner ' || g, 'owner' || g || '@example.com', true, now(), now()
  from generate_series(1, ${OWNERS}) g`);
await db.execute(sql`
  insert into profiles (id, name, email, role, created_at)
  select u.id, u.name, u.email, 'regular_user', u.created_at from "user" u where u.id like 'mbench-%'`);
await db.execute(sql`
  insert into releases (user_id, trigger, status, started_at, release_at, released_at)
  select 'mbench-' || g, 'attestation', 'released', ${t0}::timestamptz - interval '8 days',
    ${t0}::timestamptz - interval '1 day', ${t0}::timestamptz - interval '1 day'
  from generate_series(1, ${OWNERS}) g`);
// message m (1..MESSAGES) belongs to owner ((m - 1) / PER_OWNER + 1), for recipient heir<m % 3>.<owner>
await db.execute(sql`
  insert into assets (id, user_id, type, encrypted_title, wrapped_key, encrypted_data, release_triggered, released_at)
  select md5('m' || m)::uuid, 'mbench-' || ((m - 1) / ${PER_OWNER} + 1), 'message',
    decode(repeat('ab', 60), 'hex'), decode(repeat('cd', 60), 'hex'), decode(repeat('ef', 60), 'hex'),
    true, ${t0}::timestamptz - interval '1 day'
  from generate_series(1, ${MESSAGES}) m`);
await db.execute(sql`
  insert into asset_beneficiaries (asset_id, user_id, email, position)
  select md5('m' || m)::uuid, 'mbench-' || ((m - 1) / ${PER_OWNER} + 1),
    'heir' || (m % 3) || '.' || ((m - 1) / ${PER_OWNER} + 1) || '@example.com', 0
  from generate_series(1, ${MESSAGES}) m`);
await db.execute(sql`
  insert into release_items (release_id, asset_id, beneficiary_email, access_ends_at)
  select r.id, b.asset_id, b.email, ${t0}::timestamptz + interval '364 days'
  from asset_beneficiaries b join releases r on r.user_id = b.user_id
  where b.user_id like 'mbench-%'`);
// DUE * RUNS messages come due in hours 1..RUNS; the rest over the next 25 years
await db.execute(sql`
  insert into message_schedules (asset_id, user_id, deliver_when, years_after, waiting_share, released_at, due_at)
  select md5('m' || m)::uuid, 'mbench-' || ((m - 1) / ${PER_OWNER} + 1), 'anniversary', 1 + m % 25,
    decode(repeat('01', 60), 'hex'), ${t0}::timestamptz - interval '1 day',
    case when m <= ${DUE * RUNS} then ${t0}::timestamptz + (((m - 1) / ${DUE} + 1) || ' hours')::interval - interval '1 minute'
         else ${t0}::timestamptz + interval '1 day' + ((m % 9125) || ' days')::interval end
  from generate_series(1, ${MESSAGES}) m`);
await vacuumAnalyze(db);
const count = async (q: string) =>
  Number(((await db.execute(sql.raw(q))) as unknown as { rows: { n: string }[] }).rows[0]?.n);
console.log(
  `${database.kind}: seeded ${await count("select count(*) n from message_schedules where delivered_at is null")} scheduled messages of ${OWNERS} owners in ${Math.round(performance.now() - seedStart)} ms`,
);

const bare: number[] = [];
const sweep: number[] = [];
for (let run = 1; run <= RUNS; run++) {
  clock.advance(HOUR); // the next DUE messages come due
  const now = clock.now().toISOString();
  let t = performance.now();
  const due = await db.execute(
    sql`select asset_id, user_id from message_schedules where delivered_at is null and due_at is not null and due_at <= ${now}::timestamptz order by due_at`,
  );
  bare.push(performance.now() - t);
  const found = (due as unknown as { rows: unknown[] }).rows.length;
  t = performance.now();
  const delivered = await deliverDueMessages(services.deps);
  sweep.push(performance.now() - t);
  if (delivered !== DUE || found !== DUE)
    throw new Error(`run ${run}: ${found} due, ${delivered} delivered`);
}
const mailed = await count(
  "select count(*) n from mail_outbox where template = 'message-delivered'",
);

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;
const fmt = (xs: number[]) =>
  `median ${median(xs).toFixed(1)} ms, max ${Math.max(...xs).toFixed(1)} ms`;
console.log(
  `${RUNS} passes, ${DUE} due messages each, of ${MESSAGES} scheduled (${mailed} e-mails):`,
);
console.log(`  bare SELECT of the due rows          ${fmt(bare)}`);
console.log(
  `  sweep (claim, e-mail, audit, commit) ${fmt(sweep)}  (${(median(sweep) / DUE).toFixed(3)} ms a message)`,
);
console.log(`  goal: one pass <= 1000 ms -> ${Math.max(...sweep) <= 1000 ? "met" : "NOT met"}`);
await services.close();
