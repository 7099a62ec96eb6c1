import { and, eq, isNull, lt, or, sql } from "drizzle-orm";
import type { Db } from "../db/client.js";
import {
  invitations,
  jobRuns,
  legacyCodes,
  legacySessions,
  rateLimits,
  releaseLinks,
  emailChanges,
  session,
  signInFailures,
  verification,
  verifierSignIns,
} from "../db/schema/index.js";

/**
 * Claims this period's run of job `name` for the calling process: true when no run started within
 * `periodSeconds`. One statement: a concurrent claim waits for this one's row lock, then sees the
 * fresh start time and gets nothing, so exactly one process runs the job per period, on PGlite and
 * on any number of processes sharing PostgreSQL.
 */
export async function claimJobRun(db: Db, name: string, periodSeconds: number): Promise<boolean> {
  const rows = await db
    .insert(jobRuns)
    .values({ name, startedAt: sql`now()` })
    .onConflictDoUpdate({
      target: jobRuns.name,
      set: { startedAt: sql`excluded.started_at`, finishedAt: null, details: null },
      setWhere: sql`${jobRuns.startedAt} <= now() - make_interval(secs => ${periodSeconds})`,
    })
    .returning({ name: jobRuns.name });
  return rows.length > 0;
}

export async function finishJobRun(db: Db, name: string, details: Record<string, number>) {
  await db
    .update(jobRuns)
    .set({ finishedAt: sql`now()`, details })
    .where(eq(jobRuns.name, name));
}

const counted = (rows: unknown[]) => rows.length;

/** Rate-limit rows whose window started before `beforeMs` (epoch ms, as the limiter writes them). */
export const deleteRateLimitsBefore = (db: Db, beforeMs: number) =>
  db
    .delete(rateLimits)
    .where(lt(rateLimits.windowStart, beforeMs))
    .returning({ key: rateLimits.key })
    .then(counted);

/** better-auth's sessions and verification rows (reset tokens, sign-in codes) past their expiry. */
export const deleteExpiredSessions = (db: Db) =>
  db
    .delete(session)
    .where(lt(session.expiresAt, sql`now()`))
    .returning({ id: session.id })
    .then(counted);

export const deleteExpiredVerifications = (db: Db) =>
  db
    .delete(verification)
    .where(lt(verification.expiresAt, sql`now()`))
    .returning({ id: verification.id })
    .then(counted);

/** The beneficiary portal's codes and sessions, and the release e-mails' links, expired by the release clock's `now`. */
export const deleteExpiredLegacyCodes = (db: Db, now: Date) =>
  db
    .delete(legacyCodes)
    .where(lt(legacyCodes.expiresAt, now))
    .returning({ email: legacyCodes.email })
    .then(counted);

export const deleteExpiredLegacySessions = (db: Db, now: Date) =>
  db
    .delete(legacySessions)
    .where(lt(legacySessions.expiresAt, now))
    .returning({ tokenHash: legacySessions.tokenHash })
    .then(counted);

export const deleteExpiredReleaseLinks = (db: Db, now: Date) =>
  db
    .delete(releaseLinks)
    .where(lt(releaseLinks.expiresAt, now))
    .returning({ tokenHash: releaseLinks.tokenHash })
    .then(counted);

/** E-mail changes whose links are all over: never confirmed within the hour, or past the 72-hour undo (decision 043). */
export const deleteFinishedEmailChanges = (db: Db, now: Date) =>
  db
    .delete(emailChanges)
    .where(
      or(
        and(isNull(emailChanges.confirmedAt), lt(emailChanges.confirmExpiresAt, now)),
        lt(emailChanges.undoExpiresAt, now),
      ),
    )
    .returning({ id: emailChanges.id })
    .then(counted);

/** Invitations never accepted that expired before `before`. Accepted ones stay: re-inviting that address is refused on them. */
export const deleteInvitationsExpiredBefore = (db: Db, before: Date) =>
  db
    .delete(invitations)
    .where(and(eq(invitations.used, false), lt(invitations.expiresAt, before)))
    .returning({ id: invitations.id })
    .then(counted);

/** Counts of failed sign-ins whose last failure was before `beforeMs` (epoch ms), except those at the cap (`maxFailures`). */
export const deleteSignInFailuresBefore = (db: Db, beforeMs: number, maxFailures: number) =>
  db
    .delete(signInFailures)
    .where(
      and(lt(signInFailures.lastFailureAt, beforeMs), lt(signInFailures.failures, maxFailures)),
    )
    .returning({ key: signInFailures.accountKey })
    .then(counted);

/**
 * PGlite has no autovacuum: without VACUUM no page is all-visible, so index-only scans read
 * every row from the heap, and without ANALYZE the planner has no statistics (decision 033).
 * Not in a transaction (VACUUM refuses one).
 */
export const vacuumAnalyze = (db: Db) => db.execute(sql`vacuum (analyze)`);

/** A verifier's sign-ins on /verifier/report (decision 082): codes last 10 minutes, sessions 30; a day on, nothing is left to use. */
export const deleteStaleVerifierSignIns = (db: Db, before: Date) =>
  db
    .delete(verifierSignIns)
    .where(lt(verifierSignIns.createdAt, before))
    .returning({ id: verifierSignIns.id })
    .then(counted);
