import { MESSAGE_SWEEP_BATCH } from "../../common/messages.js";
import { recordAudits } from "../audit/record.js";
import { asSystem } from "../db/actor.js";
import type { Deps } from "../deps.js";
import { enqueueMails } from "../mail/outbox.js";
import { messageDeliveredMail } from "./emails.js";
import { claimDueMessages, selectRecipients } from "./queries.js";

type Letter = { to: string; name: string | null; ownerName: string; ids: Set<string> };

/**
 * One batch: claims up to `limit` due messages (once across processes: SKIP LOCKED) and, in the same
 * transaction, e-mails each recipient once per owner, counting their messages, and audits each
 * delivery on its owner's log (ids and addresses only). A crash before the commit leaves the batch
 * due for the next pass; after it, nothing is sent twice.
 */
async function deliverBatch(deps: Deps, now: Date, limit: number) {
  return asSystem(deps.db, async (tx) => {
    const claimed = await claimDueMessages(tx, now, limit);
    if (!claimed.length) return 0;
    const recipients = await selectRecipients(
      tx,
      claimed.map((c) => c.assetId),
    );
    const letters = new Map<string, Letter>();
    const byMessage = new Map<string, Set<string>>();
    for (const r of recipients) {
      const key = `${r.ownerId}\n${r.email}`;
      const letter = letters.get(key) ?? { ...r, to: r.email, ids: new Set<string>() };
      letter.ids.add(r.assetId);
      letters.set(key, letter);
      byMessage.set(r.assetId, (byMessage.get(r.assetId) ?? new Set()).add(r.email));
    }
    await enqueueMails(
      tx,
      [...letters.values()].map((l) =>
        messageDeliveredMail(deps.env.APP_URL, {
          to: l.to,
          name: l.name,
          ownerName: l.ownerName,
          count: l.ids.size,
        }),
      ),
    );
    await recordAudits(
      tx,
      claimed.map((c) => ({
        actorId: null,
        action: "message.delivered",
        subjectType: "asset",
        subjectId: c.assetId,
        ownerId: c.ownerId,
        at: now,
        details: { recipients: [...(byMessage.get(c.assetId) ?? [])] },
      })),
    );
    return claimed.length;
  });
}

/**
 * The sweep (a periodic job in every app process): delivers every message due by now, batch by
 * batch, until none is left. Returns how many it delivered.
 */
export async function deliverDueMessages(
  deps: Deps,
  options: { batch?: number } = {},
): Promise<number> {
  const now = deps.clock.now();
  let total = 0;
  for (;;) {
    const n = await deliverBatch(deps, now, options.batch ?? MESSAGE_SWEEP_BATCH);
    total += n;
    if (n < (options.batch ?? MESSAGE_SWEEP_BATCH)) break;
  }
  if (total) deps.wakeMailer();
  return total;
}
