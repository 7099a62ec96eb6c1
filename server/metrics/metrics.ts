import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from "prom-client";
import type { Database } from "../db/client.js";
import { describeError, type Logger } from "../logger.js";
import type { Clock } from "../clock.js";
import { countOutbox, countTimers } from "./queries.js";

/** How a password sign-in (step `password`) or its second factor (step `second_factor`) ended. */
export type SignInOutcome =
  "success" | "second_factor_required" | "failure" | "unconfirmed" | "limited" | "locked" | "error";
export type SignInStep = "password" | "second_factor";

/** A scrape waits this long for the database before reporting it down. */
const PING_TIMEOUT_MS = 3000;

/**
 * This app's metrics (docs/decisions/029), in registries of its own: several apps in one process
 * (the tests) never share a series. Counters and the latency histogram move as things happen; the
 * database's gauges are read when scraped (render), and left out of a scrape that finds the
 * database down (a gauge without labels always shows a value: 0 would read as "no backlog").
 */
export function createMetrics(options: {
  database: Database;
  clock: Clock;
  log: Logger;
  withProcessMetrics?: boolean;
}) {
  const { database, clock, log } = options;
  const registry = new Registry();
  const registers = [registry];
  if (options.withProcessMetrics)
    collectDefaultMetrics({ register: registry, prefix: "legacy_vault_" });

  const labelNames = ["method", "route", "status"] as const;
  const requests = new Counter({
    name: "legacy_vault_http_requests_total",
    help: "HTTP requests answered, by route pattern and status",
    labelNames,
    registers,
  });
  const duration = new Histogram({
    name: "legacy_vault_http_request_duration_seconds",
    help: "Time to answer an HTTP request (until its response starts), by route pattern and status",
    labelNames,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers,
  });
  const signIns = new Counter({
    name: "legacy_vault_sign_ins_total",
    help: "Sign-in attempts by step and outcome",
    labelNames: ["step", "outcome"],
    registers,
  });
  const mailAttempts = new Counter({
    name: "legacy_vault_mail_send_attempts_total",
    help: "SMTP deliveries tried by this process: sent, or failed (to be retried, or given up after the last try)",
    labelNames: ["result"],
    registers,
  });

  const gauge = (
    name: string,
    help: string,
    { labels = [], into = registry }: { labels?: string[]; into?: Registry } = {},
  ) => new Gauge({ name, help, labelNames: labels, registers: [into] });
  const fromDatabase = new Registry();
  const databaseUp = gauge(
    "legacy_vault_database_up",
    "1 when the database answered the scrape's ping, 0 when not",
    { labels: ["kind"] },
  );
  const pingSeconds = gauge(
    "legacy_vault_database_ping_seconds",
    "How long the scrape's ping took",
  );
  // PostgreSQL only: PGlite has no pool, and no pool series
  const pool = database.poolStats && {
    total: gauge("legacy_vault_database_pool_clients", "PostgreSQL pool: connections open"),
    idle: gauge(
      "legacy_vault_database_pool_idle_clients",
      "PostgreSQL pool: connections open and idle",
    ),
    waiting: gauge(
      "legacy_vault_database_pool_waiting_requests",
      "PostgreSQL pool: queries waiting for a connection",
    ),
  };
  const dbGauge = (name: string, help: string) => gauge(name, help, { into: fromDatabase });
  const outboxPending = dbGauge(
    "legacy_vault_mail_outbox_pending",
    "Messages waiting in the outbox to be delivered (the backlog)",
  );
  const outboxRetrying = dbGauge(
    "legacy_vault_mail_outbox_retrying",
    "Messages in the backlog whose delivery failed at least once",
  );
  const outboxFailed = dbGauge(
    "legacy_vault_mail_outbox_failed",
    "Messages given up after their last try, still on record",
  );
  const outboxOldest = dbGauge(
    "legacy_vault_mail_outbox_oldest_pending_seconds",
    "Age of the oldest message in the backlog (0 when empty)",
  );
  const timersDue = dbGauge(
    "legacy_vault_release_timers_due",
    "Release timers due by the release clock and not yet run",
  );
  const timersFailing = dbGauge(
    "legacy_vault_release_timers_failing",
    "Release timers not done whose step failed at least once",
  );

  async function ping(): Promise<boolean> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<boolean>(
      (resolve) => (timer = setTimeout(() => resolve(false), PING_TIMEOUT_MS)),
    );
    const answered = database.ping().then(
      () => true,
      () => false,
    );
    return Promise.race([answered, timeout]).finally(() => clearTimeout(timer));
  }

  /** Reads the database's gauges; false when the database is down or they could not be read (then they are left out). */
  async function refresh(): Promise<boolean> {
    const stats = database.poolStats?.();
    if (pool && stats) {
      pool.total.set(stats.total);
      pool.idle.set(stats.idle);
      pool.waiting.set(stats.waiting);
    }
    const started = performance.now();
    const isUp = await ping();
    pingSeconds.set((performance.now() - started) / 1000);
    databaseUp.reset();
    databaseUp.set({ kind: database.kind }, isUp ? 1 : 0);
    if (!isUp) return false;
    try {
      const [outbox, due] = await Promise.all([
        countOutbox(database.db),
        countTimers(database.db, clock.now()),
      ]);
      outboxPending.set(outbox.pending);
      outboxRetrying.set(outbox.retrying);
      outboxFailed.set(outbox.failed);
      outboxOldest.set(outbox.oldestPendingSeconds);
      timersDue.set(due.due);
      timersFailing.set(due.failing);
      return true;
    } catch (err) {
      log.warn(`metrics: ${describeError(err)}`);
      return false;
    }
  }

  return {
    registry,
    contentType: registry.contentType,
    /** Every series in Prometheus' text format, the database's read now. */
    async render(): Promise<string> {
      const isRead = await refresh();
      return (await registry.metrics()) + (isRead ? await fromDatabase.metrics() : "");
    },
    recordRequest(labels: { method: string; route: string; status: number }, seconds: number) {
      const l = { ...labels, status: String(labels.status) };
      requests.inc(l);
      duration.observe(l, seconds);
    },
    recordSignIn(step: SignInStep, outcome: SignInOutcome) {
      signIns.inc({ step, outcome });
    },
    recordMailAttempt(result: "sent" | "failed") {
      mailAttempts.inc({ result });
    },
  };
}
export type Metrics = ReturnType<typeof createMetrics>;
