import { and, asc, desc, eq, gt, inArray, isNull, lt, lte, or, sql } from "drizzle-orm";
import type { Db } from "../db/client.js";
import { mailOutbox } from "../db/schema/index.js";
import type { Mail } from "./templates.js";

/** Puts a message in the outbox; the mailer delivers it. Never blocks on SMTP. */
export async function enqueueMail(db: Db, mail: Mail): Promise<void> {
  await db.insert(mailOutbox).values(mail);
}

/** Several messages in one statement (a sweep that e-mails many people at once). */
export async function enqueueMails(db: Db, mails: Mail[]): Promise<void> {
  if (mails.length) await db.insert(mailOutbox).values(mails);
}

export function listOutbox(db: Db, limit = 100) {
  return db.select().from(mailOutbox).orderBy(desc(mailOutbox.id)).limit(limit);
}

/** What a message keeps once it can no longer go out: no subject, no body (the link or code in them). */
const ERASED = { subject: "", text: "", html: "" } as const;

/** Messages whose link or code stopped working before they went out: never sent, and erased. Returns how many. */
export async function expireOutbox(db: Db): Promise<number> {
  const rows = await db
    .update(mailOutbox)
    .set({ status: "expired", ...ERASED })
    .where(and(eq(mailOutbox.status, "pending"), lte(mailOutbox.expiresAt, sql`now()`)))
    .returning({ id: mailOutbox.id });
  return rows.length;
}

/** Deletes every message written before `before` (by then sent, expired or failed, its body long erased). */
export async function deleteOutboxBefore(db: Db, before: Date): Promise<number> {
  const rows = await db
    .delete(mailOutbox)
    .where(lt(mailOutbox.createdAt, before))
    .returning({ id: mailOutbox.id });
  return rows.length;
}

/** Claims up to `batchSize` due messages (SKIP LOCKED) for `claimSeconds`, in one statement; oldest first. */
export async function claimDueMail(
  db: Db,
  options: { batchSize: number; maxAttempts: number; claimSeconds: number },
) {
  const due = db
    .select({ id: mailOutbox.id })
    .from(mailOutbox)
    .where(
      and(
        eq(mailOutbox.status, "pending"),
        lte(mailOutbox.nextAttemptAt, sql`now()`),
        or(isNull(mailOutbox.expiresAt), gt(mailOutbox.expiresAt, sql`now()`)),
        sql`${mailOutbox.attempts} < ${options.maxAttempts}`,
      ),
    )
    .orderBy(asc(mailOutbox.id))
    .limit(options.batchSize)
    .for("update", { skipLocked: true });
  const rows = await db
    .update(mailOutbox)
    .set({ nextAttemptAt: sql`now() + make_interval(secs => ${options.claimSeconds})` })
    .where(inArray(mailOutbox.id, due))
    .returning();
  return rows.sort((a, b) => a.id - b.id);
}

/** Gives claimed rows back at once. */
export async function unclaimMail(db: Db, ids: number[]): Promise<void> {
  await db
    .update(mailOutbox)
    .set({ nextAttemptAt: sql`now()` })
    .where(inArray(mailOutbox.id, ids));
}

/** Delivered: erased in the same statement. */
export async function markMailSent(db: Db, id: number, attempts: number): Promise<void> {
  await db
    .update(mailOutbox)
    .set({ status: "sent", sentAt: new Date(), attempts, lastError: null, ...ERASED })
    .where(eq(mailOutbox.id, id));
}

/** A failed attempt: retried after `delaySeconds`, or failed (and erased) when it was the last. */
export async function markMailAttemptFailed(
  db: Db,
  failure: { id: number; attempts: number; error: string; delaySeconds: number; isLast: boolean },
) {
  await db
    .update(mailOutbox)
    .set({
      attempts: failure.attempts,
      lastError: failure.error.slice(0, 500),
      nextAttemptAt: sql`now() + make_interval(secs => ${failure.delaySeconds})`,
      // it will never go out: nothing to keep it for
      ...(failure.isLast ? { status: "failed" as const, ...ERASED } : {}),
    })
    .where(eq(mailOutbox.id, failure.id));
}
