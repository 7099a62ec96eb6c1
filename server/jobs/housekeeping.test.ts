import { randomBytes, randomUUID } from "node:crypto";
import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { eq, like, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildFirm } from "../../test/factories/firm.js";
import { withDatabase } from "../../test/global-setup.js";
import {
  TestClient,
  buildUser,
  createTestContext,
  rowsOf,
  type TestContext,
} from "../../test/harness.js";
import { openPostgres, type Database } from "../db/client.js";
import {
  invitations,
  jobRuns,
  legacyCodes,
  legacySessions,
  mailOutbox,
  rateLimits,
  releaseLinks,
  emailChanges,
  session,
  signInFailures,
  verification,
  verifierSignIns,
} from "../db/schema/index.js";
import { createOffsetClock } from "../clock.js";
import type { Limit } from "../rate-limit/limiter.js";
import { everyWindowedLimit } from "../rate-limit/limits-table.js";
import * as rules from "../rate-limit/rules.js";
import { RATE_LIMIT_RULES } from "../rate-limit/rules.js";
import { SIGN_IN_LOCKOUT } from "../rate-limit/sign-in-lockout.js";
import {
  HOUSEKEEPING_JOB,
  HOUSEKEEPING_PERIOD_SECONDS,
  RETENTION_DAYS,
  longestRateLimitWindowSeconds,
  runHousekeeping,
} from "./housekeeping.js";
import { JOBS, startScheduler } from "./scheduler.js";

const DAY_MS = 24 * 3_600_000;
const MINUTE_MS = 60_000;

let ctx: TestContext;
/** The release clock runs ahead of real time, as TEST_CLOCK=1 lets journeys move it. */
const clock = createOffsetClock(400 * DAY_MS);
let owner: { id: string; client: TestClient };
let firm: { firmId: string; firmCode: string };
beforeAll(async () => {
  ctx = await createTestContext({}, { clock });
  owner = await buildUser(ctx);
  firm = await buildFirm(ctx);
});
afterAll(() => ctx.close());

const db = () => ctx.services.deps.db;
const at = (ms: number) => new Date(ms);

/** One row of each kind that has expired and one that has not, their keys tagged with `tag`. */
async function seed(tag: string) {
  const now = Date.now();
  const releaseNow = clock.now().getTime();
  const longest = longestRateLimitWindowSeconds() * 1000;
  const rows = { expired: [] as string[], live: [] as string[] };
  const add = (kind: "expired" | "live", key: string) => rows[kind].push(key);

  for (const [kind, windowStart] of [
    ["expired", now - longest - MINUTE_MS],
    ["live", now - longest + MINUTE_MS], // the longest window is not over yet
    ["live", now],
  ] as const) {
    const key = `${tag}:rate:${kind}:${windowStart}`;
    await db().insert(rateLimits).values({ key, windowStart, count: 3 });
    add(kind, key);
  }
  for (const [kind, expiresAt] of [
    ["expired", at(now - MINUTE_MS)],
    ["live", at(now + DAY_MS)],
  ] as const) {
    const id = `${tag}-${kind}-${randomUUID()}`;
    await db().insert(session).values({ id, token: id, userId: owner.id, expiresAt });
    await db()
      .insert(verification)
      .values({ id, identifier: `${tag}-${kind}`, value: "hashed", expiresAt });
    add(kind, `session:${id}`);
    add(kind, `verification:${id}`);
  }
  // the portal's codes and sessions and the release links live on the release clock, well ahead of real time here
  for (const [kind, expiresAt] of [
    ["expired", at(releaseNow - MINUTE_MS)],
    ["live", at(releaseNow + MINUTE_MS)],
  ] as const) {
    const key = `${tag}-${kind}-${randomBytes(4).toString("hex")}@example.com`;
    await db().insert(legacyCodes).values({ email: key, codeHash: "h", expiresAt });
    await db().insert(legacySessions).values({ tokenHash: key, email: key, expiresAt });
    await db()
      .insert(releaseLinks)
      .values({ tokenHash: key, userId: owner.id, purpose: "check_in", expiresAt });
    for (const table of ["legacyCode", "legacySession", "releaseLink"])
      add(kind, `${table}:${key}`);
  }
  // e-mail changes: over once the confirmation link expired unused, or the undo link expired
  for (const [kind, confirmExpiresAt, confirmed, undoExpiresAt] of [
    ["expired", at(releaseNow - MINUTE_MS), false, null],
    ["live", at(releaseNow + MINUTE_MS), false, null],
    ["live", at(releaseNow - MINUTE_MS), true, at(releaseNow + MINUTE_MS)],
    ["expired", at(releaseNow - MINUTE_MS), true, at(releaseNow - MINUTE_MS)],
  ] as const) {
    const key = `${tag}-${kind}-${randomBytes(4).toString("hex")}`;
    await db()
      .insert(emailChanges)
      .values({
        userId: owner.id,
        oldEmail: "old@example.com",
        newEmail: "new@example.com",
        confirmTokenHash: key,
        confirmExpiresAt,
        confirmedAt: confirmed ? at(releaseNow - 2 * MINUTE_MS) : null,
        undoExpiresAt,
      });
    add(kind, `emailChange:${key}`);
  }
  for (const [kind, expiresAt, used] of [
    ["expired", at(now - (RETENTION_DAYS + 1) * DAY_MS), false],
    ["live", at(now - DAY_MS), false], // expired lately: kept a while
    ["live", at(now - (RETENTION_DAYS + 1) * DAY_MS), true], // accepted: the record that the address joined
    ["live", at(now + DAY_MS), false],
  ] as const) {
    const email = `${tag}-${kind}-${randomBytes(4).toString("hex")}@example.com`;
    await db().insert(invitations).values({
      email,
      firmId: firm.firmId,
      firmCode: firm.firmCode,
      tokenHash: email,
      role: "regular_user",
      used,
      expiresAt,
    });
    add(kind, `invitation:${email}`);
  }
  for (const [kind, createdAt] of [
    ["expired", at(now - (RETENTION_DAYS + 1) * DAY_MS)],
    ["live", at(now - (RETENTION_DAYS - 1) * DAY_MS)],
  ] as const) {
    const to = `${tag}-${kind}-${randomBytes(4).toString("hex")}@example.com`;
    await db()
      .insert(mailOutbox)
      .values({ to, template: "t", status: "sent", subject: "", text: "", html: "", createdAt });
    add(kind, `mail:${to}`);
  }
  return rows;
}

/** Which of the seeded rows tagged `tag` are still there. */
async function present(tag: string): Promise<string[]> {
  const t = `${tag}%`;
  return [
    ...(await db().select().from(rateLimits).where(like(rateLimits.key, t))).map((r) => r.key),
    ...(await db().select().from(session).where(like(session.id, t))).map((r) => `session:${r.id}`),
    ...(await db().select().from(verification).where(like(verification.id, t))).map(
      (r) => `verification:${r.id}`,
    ),
    ...(await db().select().from(legacyCodes).where(like(legacyCodes.email, t))).map(
      (r) => `legacyCode:${r.email}`,
    ),
    ...(await db().select().from(legacySessions).where(like(legacySessions.tokenHash, t))).map(
      (r) => `legacySession:${r.tokenHash}`,
    ),
    ...(await db().select().from(releaseLinks).where(like(releaseLinks.tokenHash, t))).map(
      (r) => `releaseLink:${r.tokenHash}`,
    ),
    ...(await db().select().from(emailChanges).where(like(emailChanges.confirmTokenHash, t))).map(
      (r) => `emailChange:${r.confirmTokenHash}`,
    ),
    ...(await db().select().from(invitations).where(like(invitations.email, t))).map(
      (r) => `invitation:${r.email}`,
    ),
    ...(await db().select().from(mailOutbox).where(like(mailOutbox.to, t))).map(
      (r) => `mail:${r.to}`,
    ),
  ];
}

/** Lets the next run claim a new period, as if the period had passed since the last one. */
const endPeriod = () =>
  db()
    .update(jobRuns)
    .set({ startedAt: sql`now() - make_interval(secs => ${HOUSEKEEPING_PERIOD_SECONDS + 1})` })
    .where(eq(jobRuns.name, HOUSEKEEPING_JOB));

describe("housekeeping", () => {
  it("deletes expired rows of every kind and keeps the live ones", async () => {
    const rows = await seed("hk1");
    await endPeriod();
    const counts = await runHousekeeping(ctx.services.deps);
    expect(counts).toMatchObject({
      rateLimits: 1,
      sessions: 1,
      verifications: 1,
      legacyCodes: 1,
      legacySessions: 1,
      releaseLinks: 1,
      emailChanges: 2,
      invitations: 1,
    });
    expect(counts?.mailDeleted).toBe(1);
    expect((await present("hk1")).sort()).toEqual(rows.live.sort());
    // the owner's own session is live: still signed in
    expect((await owner.client.get("/api/me")).status).toBe(200);
    const [run] = await db().select().from(jobRuns).where(eq(jobRuns.name, HOUSEKEEPING_JOB));
    expect(run?.finishedAt).toBeInstanceOf(Date);
    expect(run?.details).toEqual(counts);
  });

  it("keeps rate-limit rows for the longest window of any limit, taken from the rules", () => {
    // Every Limit that rules.ts exports, however deep (rules' perIp/perAccount, per-user limits, ...), and the sign-in address window.
    const found = new Set<Limit>();
    const collect = (value: unknown) => {
      if (!value || typeof value !== "object") return;
      if (
        "max" in value &&
        "windowSeconds" in value &&
        typeof value.max === "number" &&
        typeof value.windowSeconds === "number"
      )
        found.add(value as Limit);
      else for (const inner of Object.values(value)) collect(inner);
    };
    collect({ ...rules });
    expect(found.size).toBeGreaterThan(RATE_LIMIT_RULES.length);
    const windowed = everyWindowedLimit();
    for (const limit of found) expect(windowed, JSON.stringify(limit)).toContain(limit);
    expect(windowed).toContainEqual({
      max: SIGN_IN_LOCKOUT.addressMaxFailures,
      windowSeconds: SIGN_IN_LOCKOUT.addressWindowSeconds,
    });
    const windows = [...found]
      .map((l) => l.windowSeconds)
      .concat(SIGN_IN_LOCKOUT.addressWindowSeconds);
    expect(longestRateLimitWindowSeconds()).toBe(Math.max(...windows));
    expect(
      longestRateLimitWindowSeconds([
        { max: 1, windowSeconds: 60 },
        { max: 1, windowSeconds: 7200 },
      ]),
    ).toBe(7200);
  });

  it("finds every limit where that test looks: no server file but rules.ts (and the table) defines a window", () => {
    const serverDir = fileURLToPath(new URL("..", import.meta.url));
    const defining = readdirSync(serverDir, { recursive: true, encoding: "utf8" })
      .filter((file) => file.endsWith(".ts") && !file.endsWith(".test.ts"))
      .filter((file) =>
        /windowSeconds:\s*(?!number\b)\w/.test(readFileSync(join(serverDir, file), "utf8")),
      );
    // limits-table.ts: everyWindowedLimit() itself, which states the sign-in address window
    expect(defining.sort()).toEqual([
      join("rate-limit", "limits-table.ts"),
      join("rate-limit", "rules.ts"),
    ]);
  });

  it("forgets failed sign-ins that stopped long ago, but not a count at the cap", async () => {
    const old = Date.now() - (RETENTION_DAYS + 1) * DAY_MS;
    const keys = {
      old: `hk-sif-old-${randomUUID()}`,
      capped: `hk-sif-cap-${randomUUID()}`,
      recent: `hk-sif-new-${randomUUID()}`,
    };
    const max = SIGN_IN_LOCKOUT.maxConsecutiveFailures;
    await db()
      .insert(signInFailures)
      .values([
        { accountKey: keys.old, failures: max - 1, lastFailureAt: old, burstStartedAt: old },
        { accountKey: keys.capped, failures: max, lastFailureAt: old, burstStartedAt: old },
        {
          accountKey: keys.recent,
          failures: 3,
          lastFailureAt: Date.now(),
          burstStartedAt: Date.now(),
        },
      ]);
    await endPeriod();
    await runHousekeeping(ctx.services.deps);
    const left = (
      await db().select().from(signInFailures).where(like(signInFailures.accountKey, "hk-sif-%"))
    ).map((r) => r.accountKey);
    expect(left.sort()).toEqual([keys.capped, keys.recent].sort());
  });

  it("erases messages whose link expired unsent (the dev mailbox's messages too)", async () => {
    const to = `hk-mail-${randomBytes(4).toString("hex")}@example.com`;
    await db()
      .insert(mailOutbox)
      .values({
        to,
        template: "reset-password",
        subject: "s",
        text: "token=abc",
        html: "token=abc",
        expiresAt: at(Date.now() - 1000),
      });
    await endPeriod();
    expect((await runHousekeeping(ctx.services.deps))?.mailExpired).toBe(1);
    const [row] = await db().select().from(mailOutbox).where(eq(mailOutbox.to, to));
    expect(row).toMatchObject({ status: "expired", subject: "", text: "", html: "" });
  });

  it("deletes a verifier's sign-ins a day old, and keeps today's", async () => {
    const now = ctx.services.deps.clock.now();
    const email = `hk-signin-${randomUUID()}@example.com`;
    await db()
      .insert(verifierSignIns)
      .values([
        { email, createdAt: new Date(now.getTime() - 2 * 86_400_000) },
        { email, createdAt: now },
      ]);
    await endPeriod();
    expect((await runHousekeeping(ctx.services.deps))?.verifierSignIns).toBe(1);
    const left = await db().select().from(verifierSignIns).where(eq(verifierSignIns.email, email));
    expect(left.map((r) => r.createdAt)).toEqual([now]);
  });

  it("runs once per period: a second run within it does nothing", async () => {
    await endPeriod();
    expect(await runHousekeeping(ctx.services.deps)).not.toBeNull();
    const rows = await seed("hk2");
    expect(await runHousekeeping(ctx.services.deps)).toBeNull();
    expect((await present("hk2")).sort()).toEqual([...rows.expired, ...rows.live].sort());
    await endPeriod();
    expect(await runHousekeeping(ctx.services.deps)).not.toBeNull();
    expect((await present("hk2")).sort()).toEqual(rows.live.sort());
  });

  it("two app processes on one database, running at once: the work is done once", async () => {
    // a second connection pool on the same PostgreSQL database (PGlite has one process: the same database)
    let second: Database = ctx.services.deps.database;
    if (ctx.services.deps.database.kind === "postgres") {
      const [{ name } = { name: "" }] = rowsOf<{ name: string }>(
        await db().execute(sql`select current_database() as name`),
      );
      second = openPostgres(withDatabase(process.env.TEST_DATABASE_URL ?? "", name));
    }
    try {
      for (let round = 0; round < 3; round++) {
        const rows = await seed(`hk3-${round}`);
        await endPeriod();
        const [one, two] = [
          ctx.services.deps,
          { db: second.db, clock, files: ctx.services.deps.files, log: ctx.services.deps.log },
        ];
        const runs = await Promise.all([one, two, one, two].map((deps) => runHousekeeping(deps)));
        expect(runs.filter((r) => r !== null)).toHaveLength(1);
        const [done] = runs.filter((r) => r !== null);
        expect(done).toMatchObject({
          rateLimits: 1,
          sessions: 1,
          verifications: 1,
          legacyCodes: 1,
          legacySessions: 1,
          releaseLinks: 1,
          emailChanges: 2,
          invitations: 1,
        });
        expect((await present(`hk3-${round}`)).sort()).toEqual(rows.live.sort());
      }
    } finally {
      if (second !== ctx.services.deps.database) await second.close();
    }
  });

  it("is one of the scheduler's jobs, run by every app process", async () => {
    const rows = await seed("hk4");
    await endPeriod();
    const scheduler = startScheduler(
      ctx.services.deps,
      JOBS.filter((j) => j.name === "housekeeping"),
    );
    try {
      await expect
        .poll(async () => (await present("hk4")).sort(), { timeout: 10_000 })
        .toEqual(rows.live.sort());
    } finally {
      scheduler.stop();
    }
  });
});
