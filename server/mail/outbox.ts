import type { Transporter } from "nodemailer";
import type { Db } from "../db/client.js";
import { describeError, type Logger } from "../logger.js";
import {
  claimDueMail,
  expireOutbox,
  markMailAttemptFailed,
  markMailSent,
  unclaimMail,
} from "./outbox-queries.js";

export {
  deleteOutboxBefore,
  enqueueMail,
  enqueueMails,
  expireOutbox,
  listOutbox,
} from "./outbox-queries.js";

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
export function createMailer(
  db: Db,
  {
    transport,
    from,
    log,
    onAttempt = () => {},
  }: {
    transport: Transporter;
    from: string;
    log: Logger;
    /** Told of every delivery tried (the metrics' counter, server/metrics/metrics.ts). */
    onAttempt?: (result: "sent" | "failed") => void;
  },
) {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let stopped = false;

  const claimBatch = () =>
    claimDueMail(db, {
      batchSize: BATCH_SIZE,
      maxAttempts: MAX_ATTEMPTS,
      claimSeconds: CLAIM_SECONDS,
    });

  /** Gives claimed rows back at once (shutting down before their turn came). */
  const release = (ids: number[]) => unclaimMail(db, ids);

  async function deliverBatch(): Promise<number> {
    const rows = await claimBatch();
    for (const [i, row] of rows.entries()) {
      if (stopped) {
        await release(rows.slice(i).map((r) => r.id));
        break;
      }
      try {
        await transport.sendMail({
          from,
          to: row.to,
          subject: row.subject,
          text: row.text,
          html: row.html,
        });
        onAttempt("sent");
        // delivered: the link or code in it is the recipient's alone now
        await markMailSent(db, row.id, row.attempts + 1);
      } catch (err) {
        onAttempt("failed");
        const attempts = row.attempts + 1;
        const delaySeconds = 30 * 2 ** row.attempts;
        const message = describeError(err);
        const isLast = attempts >= MAX_ATTEMPTS;
        log.warn(
          `mail ${row.id} (${row.template}) to ${row.to} failed (attempt ${attempts}${isLast ? ", the last" : ""}): ${message}`,
        );
        await markMailAttemptFailed(db, {
          id: row.id,
          attempts,
          error: message,
          delaySeconds,
          isLast,
        });
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
