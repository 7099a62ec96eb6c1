import { asSystem } from "../db/actor.js";
import type { Deps } from "../deps.js";
import { enqueueMail } from "../mail/outbox.js";
import { viewsDigestMail, type DigestLine } from "./emails.js";
import { selectFirmNames, selectNames } from "./queries.js";
import {
  insertDigestRow,
  selectLastDigestAt,
  selectOwner,
  selectViewedOwners,
  selectViews,
} from "./digest-queries.js";

export const DIGEST_PERIOD_MS = 24 * 60 * 60 * 1000;

const later = (a: Date, b: Date | null) => (b && b > a ? b : a);

/**
 * The daily e-mail of views as client (issue 15, point 9; decision 047). Run every hour: each client
 * whom the firm viewed as client in the last day, and who got no digest in the last day, gets one
 * e-mail listing those views (who, when), from their last digest on. Nothing is sent without views.
 * Times come from `deps.clock` (tests move it). Returns how many e-mails were queued.
 */
export async function sendViewDigests(deps: Pick<Deps, "db" | "clock" | "env" | "wakeMailer">) {
  const now = deps.clock.now();
  const dayAgo = new Date(now.getTime() - DIGEST_PERIOD_MS);
  let sent = 0;
  for (const ownerId of await selectViewedOwners(deps.db, { since: dayAgo, until: now })) {
    const isSent = await asSystem(deps.db, async (tx) => {
      const lastAt = await selectLastDigestAt(tx, ownerId);
      if (lastAt && lastAt > dayAgo) return false;
      const views = await selectViews(tx, { ownerId, since: later(dayAgo, lastAt), until: now });
      const owner = await selectOwner(tx, ownerId);
      if (views.length === 0 || !owner) return false;
      if (!(await insertDigestRow(tx, { ownerId, at: now, views: views.length }))) return false;
      const ids = (pick: (v: (typeof views)[number]) => string | null) => [
        ...new Set(views.flatMap((v) => pick(v) ?? [])),
      ];
      const people = new Map(
        (
          await selectNames(
            tx,
            ids((v) => v.actorId),
          )
        ).map((p) => [p.id, p.name]),
      );
      const firms = new Map(
        (
          await selectFirmNames(
            tx,
            ids((v) => v.firmId),
          )
        ).map((f) => [f.id, f.name]),
      );
      const lines: DigestLine[] = views.map((v) => ({
        who: (v.actorId && people.get(v.actorId)) || "Someone",
        firm: (v.firmId && firms.get(v.firmId)) || null,
        at: v.at,
      }));
      await enqueueMail(tx, viewsDigestMail({ appUrl: deps.env.APP_URL, to: owner.email, lines }));
      return true;
    });
    if (isSent) sent++;
  }
  if (sent) deps.wakeMailer();
  return sent;
}
