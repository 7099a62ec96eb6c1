import path from "node:path";
import { serve } from "@hono/node-server";
import { createApp } from "./app.js";
import { UnsafeAppRoleError } from "./db/app-role.js";
import { backupSocketPath, serveBackups } from "./db/backup-socket.js";
import { DataDirLockedError, lockDataDir } from "./db/lock.js";
import { EnvError, parseEnv } from "./env.js";
import { createLogger, describeError } from "./logger.js";
import { metricsApp } from "./metrics/routes.js";
import { createServices } from "./services.js";
import { FileStoreError } from "./blobs/open-store.js";
import { FIRST_RUN_AFTER_START_MS, startScheduler } from "./jobs/scheduler.js";
import { createOffsetClock } from "./clock.js";
import { httpServerOptions } from "./http/node-response.js";

async function main() {
  const started = performance.now();
  let env;
  try {
    env = parseEnv(process.env);
  } catch (err) {
    if (err instanceof EnvError) {
      process.stderr.write(err.message + "\n");
      process.exit(1);
    }
    throw err;
  }
  const log = createLogger(env.LOG_LEVEL, undefined, env.LOG_FORMAT);
  let unlock = () => {};
  if (!env.DATABASE_URL) {
    try {
      unlock = lockDataDir(path.join(env.DATA_DIR, "pglite"));
    } catch (err) {
      if (err instanceof DataDirLockedError) {
        process.stderr.write(err.message + "\n");
        process.exit(1);
      }
      throw err;
    }
  }
  const testClock = env.TEST_CLOCK === "1" ? createOffsetClock() : undefined;
  if (testClock)
    log.warn(
      "TEST_CLOCK=1: the release clock can be moved forward at POST /dev/clock (tests only)",
    );
  let services;
  try {
    services = await createServices(env, log, { clock: testClock });
  } catch (err) {
    if (err instanceof UnsafeAppRoleError || err instanceof FileStoreError) {
      process.stderr.write(err.message + "\n");
      unlock();
      process.exit(1);
    }
    throw err;
  }
  services.mailer?.start();
  // PGlite: `npm run backup` asks this process for a consistent copy of its data directory (docs/decisions/030-backups.md).
  const { dumpDataDir } = services.deps.database;
  const stopBackups = dumpDataDir
    ? await serveBackups(backupSocketPath(env.DATA_DIR), dumpDataDir, (message) =>
        log.error(message),
      ).catch((err: unknown) => {
        log.error(
          `backups: cannot listen on ${backupSocketPath(env.DATA_DIR)}: ${err instanceof Error ? err.message : String(err)}`,
        );
        return async () => {};
      })
    : async () => {};
  const scheduler = startScheduler(services.deps, undefined, {
    firstRunAfterMs: FIRST_RUN_AFTER_START_MS,
  });
  const app = createApp(services.deps, { testClock });
  const server = serve(
    {
      fetch: app.fetch,
      port: env.PORT,
      hostname: process.env.HOST ?? "0.0.0.0",
      serverOptions: httpServerOptions,
    },
    () => {
      const ms = Math.round(performance.now() - started);
      log.info(
        `Legacy Vault is listening on ${env.APP_URL} (database: ${services.deps.database.kind}; ready in ${ms} ms)`,
      );
      if (services.deps.isDevMailbox)
        log.warn(
          `SMTP_URL is not set: e-mail is NOT delivered. Read it at ${env.APP_URL}/dev/mailbox`,
        );
    },
  );

  // Prometheus' GET /metrics: only on this machine's loopback, never on PORT (docs/decisions/029).
  const metricsServer =
    env.METRICS_PORT === undefined
      ? null
      : serve(
          {
            fetch: metricsApp(services.deps.metrics).fetch,
            port: env.METRICS_PORT,
            hostname: "127.0.0.1",
          },
          () => log.info(`metrics: GET http://127.0.0.1:${env.METRICS_PORT}/metrics`),
        );
  metricsServer?.on("error", (err) =>
    log.error(`metrics: cannot listen on 127.0.0.1:${env.METRICS_PORT}: ${describeError(err)}`),
  );

  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info(`${signal}: finishing requests in flight, then closing the database`);
    const force = setTimeout(() => {
      log.error("shutdown took longer than 10 s; exiting");
      process.exit(1);
    }, 10_000);
    force.unref();
    scheduler.stop();
    metricsServer?.close();
    void services.deps.live.close(); // ends the open event streams, which would hold server.close
    server.close(async () => {
      await stopBackups();
      await services.close();
      unlock();
      log.info("stopped");
      process.exit(0);
    });
    if ("closeIdleConnections" in server) server.closeIdleConnections();
  };
  process.on("SIGTERM", () => shutdown("SIGTERM"));
  process.on("SIGINT", () => shutdown("SIGINT"));
}

await main();
