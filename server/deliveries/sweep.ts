import { DELIVERY_SWEEP_BATCH } from "../../common/deliveries.js";
import { recordAudits } from "../audit/record.js";
import { asSystem } from "../db/actor.js";
import type { Tx } from "../db/client.js";
import { beneficiaryNames } from "../beneficiaries/service.js";
import type { Deps } from "../deps.js";
import { enqueueMails } from "../mail/outbox.js";
import { appendEvidence } from "../release-evidence/service.js";
import { itemsDeliveredMail } from "./emails.js";
import { claimDueItems, selectOwnerNames, type ClaimedItem } from "./queries.js";

/** The claimed rows by (owner, address): one e-mail each, counting its items. */
function byRecipient(claimed: ClaimedItem[]) {
  const groups = new Map<string, ClaimedItem[]>();
  for (const c of claimed) {
    const key = `${c.ownerId}\n${c.email}`;
    groups.set(key, [...(groups.get(key) ?? []), c]);
  }
  return [...groups.values()];
}

async function tell(tx: Tx, deps: Deps, claimed: ClaimedItem[]) {
  const owners = await selectOwnerNames(tx, [...new Set(claimed.map((c) => c.ownerId))]);
  const ownerName = new Map(owners.map((o) => [o.id, o.name]));
  const mails = [];
  for (const group of byRecipient(claimed)) {
    const first = group[0];
    if (!first) continue;
    const name =
      (await beneficiaryNames(tx, first.ownerId, [first.email])).get(first.email) ?? null;
    mails.push(
      itemsDeliveredMail(deps.env.APP_URL, {
        to: first.email,
        name,
        ownerName: ownerName.get(first.ownerId) ?? "Someone",
        count: new Set(group.map((c) => c.assetId)).size,
      }),
    );
  }
  await enqueueMails(tx, mails);
}

/**
 * One batch: claims up to `limit` released items whose day has come (once across processes: SKIP
 * LOCKED) and, in the same transaction, e-mails each beneficiary once per owner, counting their
 * items, appends an `item_delivered` entry to the owner's release evidence and audits each
 * delivery (ids and addresses only). A crash before the commit leaves the batch due; after it,
 * nothing is sent twice.
 */
async function deliverBatch(deps: Deps, now: Date, limit: number) {
  return asSystem(deps.db, async (tx) => {
    const claimed = await claimDueItems(tx, now, limit);
    if (!claimed.length) return 0;
    await tell(tx, deps, claimed);
    for (const c of claimed)
      await appendEvidence(tx, {
        ownerId: c.ownerId,
        releaseId: c.releaseId,
        kind: "item_delivered",
        at: now,
        actor: { type: "system", via: "delivery_due" },
        data: { assetId: c.assetId },
        beneficiaryEmail: c.email,
      });
    await recordAudits(
      tx,
      claimed.map((c) => ({
        actorId: null,
        action: "release.item_delivered",
        subjectType: "release",
        subjectId: c.ownerId,
        ownerId: c.ownerId,
        at: now,
        details: { beneficiary: c.email, assetId: c.assetId },
      })),
    );
    return claimed.length;
  });
}

/**
 * The sweep (a periodic job in every app process): delivers every released item whose day has come,
 * batch by batch, until none is left. Returns how many (item, address) pairs it delivered.
 */
export async function deliverDueItems(
  deps: Deps,
  options: { batch?: number } = {},
): Promise<number> {
  const now = deps.clock.now();
  const batch = options.batch ?? DELIVERY_SWEEP_BATCH;
  let total = 0;
  for (;;) {
    const n = await deliverBatch(deps, now, batch);
    total += n;
    if (n < batch) break;
  }
  if (total) deps.wakeMailer();
  return total;
}
