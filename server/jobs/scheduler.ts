import type { Deps } from "../deps.js";
import { describeError } from "../logger.js";
import { sendViewDigests } from "../activity/digest.js";
import { eraseDueAccounts } from "../account-deletion/erase.js";
import { cleanupUnclaimedFirms } from "../firms/service.js";
import { deliverDueMessages } from "../messages/sweep.js";
import { deliverDueItems } from "../deliveries/sweep.js";
import { activateDueFallbacks } from "../deliveries/fallbacks.js";
import { runDueTimers } from "../release/timers.js";
import { runClientImports } from "../client-imports/worker.js";
import { sweepReminders } from "../reminders/worker.js";
import { runVerifierChecks } from "../verifiers/checks.js";
import { sendDueWebhooks } from "../webhooks/send.js";
import { describeCounts, runHousekeeping } from "./housekeeping.js";
import { vacuumAnalyze } from "./queries.js";

/** PGlite's VACUUM (ANALYZE) period: pages all-visible again and fresh statistics, a short pause each time. */
export const VACUUM_PERIOD_MS = 10 * 60 * 1000;

type Job = { name: string; everyMs: number; run: (deps: Deps) => Promise<string | null> };

/** Periodic jobs, in every app process. Each is idempotent, so several app processes may run it; housekeeping runs once per period across them. */
export const JOBS: Job[] = [
  {
    // release plans: reminders, waiting periods, releases, end of access (server/release/timers.ts)
    name: "release timers",
    everyMs: 60 * 1000,
    run: async (deps) => {
      const n = await runDueTimers(deps);
      return n ? `ran ${n} release timer(s)` : null;
    },
  },
  {
    // client imports' invitations left by a process that stopped, claimed once across processes (decision 094)
    name: "client imports",
    everyMs: 30 * 1000,
    run: async (deps) => {
      const n = await runClientImports(deps);
      return n ? `queued ${n} client import invitation(s)` : null;
    },
  },
  {
    // reminders to clients with incomplete plans: monthly sends due, and any send left unfinished,
    // each client claimed once across processes (decision 100)
    name: "client reminders",
    everyMs: 5 * 60 * 1000,
    run: async (deps) => {
      const n = await sweepReminders(deps);
      return n ? `handled ${n} client reminder(s)` : null;
    },
  },
  {
    // messages for later whose day has come, claimed once across processes (docs/decisions/089)
    name: "message deliveries",
    everyMs: 60 * 1000,
    run: async (deps) => {
      const n = await deliverDueMessages(deps);
      return n ? `delivered ${n} message(s)` : null;
    },
  },
  {
    // released items that wait 7, 30 or 90 days, and fallbacks whose turn came, once across processes (docs/decisions/096)
    name: "item deliveries",
    everyMs: 60 * 1000,
    run: async (deps) => {
      const n = await deliverDueItems(deps);
      const f = await activateDueFallbacks(deps);
      return n || f ? `delivered ${n} waiting item(s), ${f} to fallback people` : null;
    },
  },
  {
    // each accepted verifier's yearly "still reachable?" e-mail, claimed once across processes (decision 081)
    name: "verifier checks",
    everyMs: 60 * 60 * 1000,
    run: async (deps) => {
      const n = await runVerifierChecks(deps);
      return n ? `sent ${n} verifier check(s)` : null;
    },
  },
  {
    // firms' webhooks, claimed once across processes, retried with backoff (decision 101)
    name: "webhook deliveries",
    everyMs: 15 * 1000,
    run: async (deps) => {
      const n = await sendDueWebhooks(deps);
      return n ? `sent ${n} webhook delivery(ies)` : null;
    },
  },
  {
    // accounts whose 7-day grace period is over (server/account-deletion/erase.ts, decision 042)
    name: "account deletions",
    everyMs: 60 * 1000,
    run: async (deps) => {
      const n = await eraseDueAccounts(deps);
      return n ? `erased ${n} account(s) at the end of their grace period` : null;
    },
  },
  {
    name: "delete unclaimed firms",
    everyMs: 60 * 60 * 1000,
    run: async (deps) => {
      const n = await cleanupUnclaimedFirms(deps);
      return n ? `deleted ${n} firm(s) nobody claimed within 24 hours` : null;
    },
  },
  {
    // each client's daily e-mail of the firm's views as client, at most one a day (docs/decisions/047)
    name: "views digest",
    everyMs: 60 * 60 * 1000,
    run: async (deps) => {
      const n = await sendViewDigests(deps);
      return n ? `sent ${n} views-as-client digest(s)` : null;
    },
  },
  {
    // expired rate-limit windows, sessions, codes, tokens and old outbox records (server/jobs/housekeeping.ts)
    name: "housekeeping",
    everyMs: 60 * 1000,
    run: async (deps) => describeCounts(await runHousekeeping(deps)),
  },
  {
    // PGlite only: what autovacuum does on PostgreSQL (visibility map, statistics; decision 033)
    name: "vacuum and analyze",
    everyMs: VACUUM_PERIOD_MS,
    run: async (deps) => {
      if (deps.database.kind !== "pglite") return null;
      await vacuumAnalyze(deps.db);
      return null;
    },
  },
];

/**
 * A server starts its jobs this long after it starts listening, not at once: on PGlite, which runs
 * in the event loop's thread, their first queries (cold catalogs, every housekeeping table) held
 * the first requests back by a second or more (docs/decisions/028-production-build.md).
 */
export const FIRST_RUN_AFTER_START_MS = 5_000;

export function startScheduler(
  deps: Deps,
  jobs: Job[] = JOBS,
  options: { firstRunAfterMs?: number } = {},
) {
  const handles: NodeJS.Timeout[] = [];
  for (const job of jobs) {
    const tick = () =>
      job.run(deps).then(
        (msg) => msg && deps.log.info(`${job.name}: ${msg}`),
        (err: unknown) => deps.log.warn(`${job.name} failed: ${describeError(err)}`),
      );
    const first = setTimeout(() => void tick(), options.firstRunAfterMs ?? 0);
    const every = setInterval(tick, job.everyMs);
    first.unref();
    every.unref();
    handles.push(first, every);
  }
  return { stop: () => handles.forEach(clearTimeout) };
}
