import type { Db, Tx } from "../db/client.js";
import { asSystem } from "../db/actor.js";

/** What the helper needs of Deps (server/deps.ts stands above this floor's row). */
type MailingDeps = { db: Db; wakeMailer: () => void };

/**
 * Runs `fn` as the system (asSystem: after the API's own checks, bypassing row-level security)
 * and, once its transaction has committed, wakes the mailer for the mail `fn` queued with
 * enqueueMail: a step and its e-mails commit together, and the e-mails leave at once.
 */
export async function asSystemThenMail<T>(
  deps: MailingDeps,
  fn: (tx: Tx) => Promise<T>,
): Promise<T> {
  const result = await asSystem(deps.db, fn);
  deps.wakeMailer();
  return result;
}
