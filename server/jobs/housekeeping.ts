import { DAY_MS } from "../clock.js";
import type { Deps } from "../deps.js";
import { deleteOutboxBefore, expireOutbox } from "../mail/outbox.js";
import type { Limit } from "../rate-limit/limiter.js";
import { everyWindowedLimit } from "../rate-limit/limits-table.js";
import { SIGN_IN_LOCKOUT } from "../rate-limit/sign-in-lockout.js";
import { sweepBlobs } from "../storage/blob-sweep.js";
import {
  claimJobRun,
  deleteExpiredLegacyCodes,
  deleteExpiredLegacySessions,
  deleteExpiredReleaseLinks,
  deleteFinishedEmailChanges,
  deleteExpiredSessions,
  deleteExpiredVerifications,
  deleteInvitationsExpiredBefore,
  deleteRateLimitsBefore,
  deleteSignInFailuresBefore,
  deleteStaleVerifierSignIns,
  finishJobRun,
} from "./queries.js";

export const HOUSEKEEPING_JOB = "housekeeping";
/** How often the work is done, across every app process together (each process asks every minute). */
export const HOUSEKEEPING_PERIOD_SECONDS = 10 * 60;
/**
 * How long the outbox keeps a message's record (recipient, template, times, status; its body is
 * erased long before), and how long an invitation nobody accepted is kept after it expired.
 */
export const RETENTION_DAYS = 90;

/** The longest window of any limit: a row whose window started longer ago counts for nothing under any limit. */
export function longestRateLimitWindowSeconds(limits: Limit[] = everyWindowedLimit()): number {
  return Math.max(...limits.map((limit) => limit.windowSeconds));
}

export type HousekeepingCounts = Record<string, number>;

/**
 * Deletes what has expired: rate-limit windows, sessions, better-auth's verification rows, the
 * portal's codes and sessions, release links, invitations long expired, and outbox records past
 * their retention (after erasing messages whose link expired unsent). Does the work only when this
 * process claims the period (claimJobRun): returns the counts then, null when another run had it.
 * Release-clock tables are judged by `deps.clock`, as the code that reads them judges them.
 */
export async function runHousekeeping(
  deps: Pick<Deps, "db" | "clock" | "files" | "log">,
): Promise<HousekeepingCounts | null> {
  const { db } = deps;
  if (!(await claimJobRun(db, HOUSEKEEPING_JOB, HOUSEKEEPING_PERIOD_SECONDS))) return null;
  const now = deps.clock.now();
  const retainedSince = new Date(Date.now() - RETENTION_DAYS * DAY_MS);
  const counts: HousekeepingCounts = {
    rateLimits: await deleteRateLimitsBefore(
      db,
      Date.now() - longestRateLimitWindowSeconds() * 1000,
    ),
    sessions: await deleteExpiredSessions(db),
    verifications: await deleteExpiredVerifications(db),
    legacyCodes: await deleteExpiredLegacyCodes(db, now),
    legacySessions: await deleteExpiredLegacySessions(db, now),
    releaseLinks: await deleteExpiredReleaseLinks(db, now),
    verifierSignIns: await deleteStaleVerifierSignIns(db, new Date(now.getTime() - DAY_MS)),
    emailChanges: await deleteFinishedEmailChanges(db, now),
    invitations: await deleteInvitationsExpiredBefore(db, retainedSince),
    // A count of failed sign-ins that stopped long ago starts again; one at the cap stays until its reset (decision 017).
    signInFailures: await deleteSignInFailuresBefore(
      db,
      retainedSince.getTime(),
      SIGN_IN_LOCKOUT.maxConsecutiveFailures,
    ),
    mailExpired: await expireOutbox(db),
    mailDeleted: await deleteOutboxBefore(db, retainedSince),
    // Objects of files deleted, replaced or never committed (docs/decisions/090).
    blobs: await sweepBlobs(deps),
  };
  await finishJobRun(db, HOUSEKEEPING_JOB, counts);
  return counts;
}

/** "deleted 3 sessions, 12 rateLimits" or null when nothing was to do. */
export function describeCounts(counts: HousekeepingCounts | null): string | null {
  const done = Object.entries(counts ?? {}).filter(([, n]) => n > 0);
  return done.length ? `did ${done.map(([kind, n]) => `${n} ${kind}`).join(", ")}` : null;
}
