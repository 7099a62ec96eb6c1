import { and, asc, desc, eq, gt, inArray, isNull, lt, lte, or, sql } from "drizzle-orm";
import type { Transporter } from "nodemailer";
import type { Db } from "../db/client.js";
import { mailOutbox } from "../db/schema/index.js";
import { describeError, type Logger } from "../logger.js";
import type { Mail } from "./templates.js";

/** Puts a message in the outbox; the mailer delivers it. Never blocks on SMTP. */
export async function enqueueMail(db: Db, mail: Mail): Promise<void> {
  await db.insert(mailOutbox).values(mail);
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
  const rows = await db.delete(mailOutbox).where(lt(mailOutbox.createdAt, before)).returning({ id: mailOutbox.id });
  return rows.length;
}

const MAX_ATTEMPTS = 8;
const BATCH_SIZE = 10;
/** A claimed row is left alone by every mailer for this long; a mailer that dies mid-send gives it back this way. */
const CLAIM_SECONDS = 15 * 60;

/**
 * Delivers pending messages with SMTP. A failed send is retried with backoff
 * (30 s, 1 min, 2 min, ...) and logged (never the subject or body); after MAX_ATTEMPTS the message
 * has failed. A message is erased in the statement that marks it sent or failed, and one whose link
 * or code expired before it went out is neither sent nor kept (expireOutbox). Rows are claimed in one short statement (SKIP LOCKED,
 * so several app processes can share one PostgreSQL) and sent outside any transaction: a slow
 * SMTP server never holds a database connection or, with PGlite, the whole database.
 */
export function createMailer(db: Db, transport: Transporter, from: string, log: Logger) {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let stopped = false;

  async function claimBatch() {
    const due = db
      .select({ id: mailOutbox.id })
      .from(mailOutbox)
      .where(
        and(
          eq(mailOutbox.status, "pending"),
          lte(mailOutbox.nextAttemptAt, sql`now()`),
          or(isNull(mailOutbox.expiresAt), gt(mailOutbox.expiresAt, sql`now()`)),
          sql`${mailOutbox.attempts} < ${MAX_ATTEMPTS}`,
        ),
      )
      .orderBy(asc(mailOutbox.id))
      .limit(BATCH_SIZE)
      .for("update", { skipLocked: true });
    const rows = await db
      .update(mailOutbox)
      .set({ nextAttemptAt: sql`now() + make_interval(secs => ${CLAIM_SECONDS})` })
      .where(inArray(mailOutbox.id, due))
      .returning();
    return rows.sort((a, b) => a.id - b.id);
  }

  /** Gives claimed rows back at once (shutting down before their turn came). */
  async function release(ids: number[]) {
    await db
      .update(mailOutbox)
      .set({ nextAttemptAt: sql`now()` })
      .where(inArray(mailOutbox.id, ids));
  }

  async function deliverBatch(): Promise<number> {
    const rows = await claimBatch();
    for (const [i, row] of rows.entries()) {
      if (stopped) {
        await release(rows.slice(i).map((r) => r.id));
        break;
      }
      try {
        await transport.sendMail({ from, to: row.to, subject: row.subject, text: row.text, html: row.html });
        // delivered: the link or code in it is the recipient's alone now
        await db
          .update(mailOutbox)
          .set({ status: "sent", sentAt: new Date(), attempts: row.attempts + 1, lastError: null, ...ERASED })
          .where(eq(mailOutbox.id, row.id));
      } catch (err) {
        const attempts = row.attempts + 1;
        const delaySeconds = 30 * 2 ** row.attempts;
        const message = describeError(err);
        const isLast = attempts >= MAX_ATTEMPTS;
        log.warn(`mail ${row.id} (${row.template}) to ${row.to} failed (attempt ${attempts}${isLast ? ", the last" : ""}): ${message}`);
        await db
          .update(mailOutbox)
          .set({
            attempts,
            lastError: message.slice(0, 500),
            nextAttemptAt: sql`now() + make_interval(secs => ${delaySeconds})`,
            // it will never go out: nothing to keep it for
            ...(isLast ? { status: "failed" as const, ...ERASED } : {}),
          })
          .where(eq(mailOutbox.id, row.id));
      }
    }
    return rows.length;
  }

  async function drain() {
    try {
      await expireOutbox(db);
      while (!stopped && (await deliverBatch()) > 0);
    } catch (err) {
      log.warn(`mailer: ${describeError(err)}`);
    }
  }

  function wake() {
    if (stopped || running) return;
    running = drain().finally(() => {
      running = undefined;
    });
  }

  return {
    start(intervalMs = 5000) {
      timer = setInterval(wake, intervalMs);
      timer.unref();
      wake();
    },
    wake,
    /** Resolves when everything currently due has been tried once. */
    async flush() {
      await running; // a drain already under way may have looked before the newest rows were added
      wake();
      await running;
    },
    async stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      await running;
    },
  };
}
export type Mailer = ReturnType<typeof createMailer>;
