import type { EarlyWishesDetail, EarlyWishesItem, EarlyWishesView } from "../../common/legacy.js";
import { recordAudit } from "../audit/record.js";
import { asSystem } from "../db/actor.js";
import type { Tx } from "../db/client.js";
import type { Deps } from "../deps.js";
import { AppError } from "../errors.js";
import { enqueueMail } from "../mail/outbox.js";
import { appendEvidence } from "../release-evidence/service.js";
import {
  DEATH_CONFIRMED_TRIGGERS,
  selectEarlyWishes,
  selectEncryptedData,
  selectWishesPeople,
  type EarlyWishesRow,
} from "./early-queries.js";
import { wishesClosedMail, wishesOpenedMail } from "./emails.js";
import { presentEarlyWishes } from "./present.js";

/**
 * Final wishes opened at a confirmed death (docs/decisions/097). The owner's browser wrapped the
 * item's key for each person it is left to, as for any item; from the moment k verifiers (or the
 * firm's attestation) start the wait, the portal serves those people the wrap, the server's share
 * and the ciphertext, and stops again if the wait is cancelled. The server opens nothing.
 */

type ReleaseStart = {
  releaseId: string;
  ownerId: string;
  ownerName: string;
  trigger: string;
  now: Date;
};

const isDeathConfirmed = (trigger: string) =>
  (DEATH_CONFIRMED_TRIGGERS as readonly string[]).includes(trigger);

/** The people to tell, once each, with the items they hold a wrap for. */
async function peopleOf(tx: Tx, ownerId: string) {
  const rows = await selectWishesPeople(tx, ownerId);
  return {
    emails: [...new Set(rows.map((r) => r.email))],
    assetIds: [...new Set(rows.map((r) => r.assetId))],
  };
}

/** In the wait's own transaction: each person is e-mailed, the evidence and the audit say so. */
export async function openWishesAtConfirmedDeath(tx: Tx, deps: Deps, s: ReleaseStart) {
  if (!isDeathConfirmed(s.trigger)) return;
  const { emails, assetIds } = await peopleOf(tx, s.ownerId);
  for (const assetId of assetIds) {
    await appendEvidence(tx, {
      ownerId: s.ownerId,
      releaseId: s.releaseId,
      kind: "wishes_opened",
      at: s.now,
      actor: { type: "system", via: s.trigger },
      data: { assetId, people: emails.length },
    });
    await recordAudit(tx, {
      actorId: null,
      action: "wishes.opened_at_report",
      subjectType: "asset",
      subjectId: assetId,
      ownerId: s.ownerId,
      at: s.now,
      details: { releaseId: s.releaseId, trigger: s.trigger, people: emails.length },
    });
  }
  for (const to of emails)
    await enqueueMail(
      tx,
      wishesOpenedMail(deps.env.APP_URL, {
        to,
        ownerName: s.ownerName,
        byFirm: s.trigger === "attestation",
      }),
    );
}

/** In the cancel's own transaction: the same people are told the wishes are no longer shown. */
export async function closeEarlyWishes(tx: Tx, s: ReleaseStart) {
  if (!isDeathConfirmed(s.trigger)) return;
  const { emails, assetIds } = await peopleOf(tx, s.ownerId);
  for (const assetId of assetIds) {
    await appendEvidence(tx, {
      ownerId: s.ownerId,
      releaseId: s.releaseId,
      kind: "wishes_closed",
      at: s.now,
      actor: { type: "system", via: "cancelled" },
      data: { assetId },
    });
    await recordAudit(tx, {
      actorId: null,
      action: "wishes.closed",
      subjectType: "asset",
      subjectId: assetId,
      ownerId: s.ownerId,
      at: s.now,
      details: { releaseId: s.releaseId },
    });
  }
  for (const to of emails) await enqueueMail(tx, wishesClosedMail({ to, ownerName: s.ownerName }));
}

/** The key parts for one row, unsealed for this answer only. */
function itemOf(deps: Deps, row: EarlyWishesRow): EarlyWishesItem {
  const { serverShare, escrow } = deps.shareSealers;
  const share = serverShare.open(row.beneficiaryKeyId, row.serverShare);
  const escrowed = row.escrowShare ? escrow.open(row.beneficiaryKeyId, row.escrowShare) : null;
  const item = presentEarlyWishes(row, { serverShare: share, escrowShare: escrowed });
  share.fill(0);
  escrowed?.fill(0);
  return item;
}

/** Whether `email` may read any final wishes now (the portal sends a code for it). */
export async function hasEarlyWishes(tx: Tx, email: string) {
  return (await selectEarlyWishes(tx, email)).length > 0;
}

/** GET /api/legacy/wishes */
export async function listEarlyWishes(deps: Deps, email: string): Promise<EarlyWishesView> {
  const rows = await asSystem(deps.db, (tx) => selectEarlyWishes(tx, email));
  return { email, wishes: rows.map((row) => itemOf(deps, row)) };
}

/** GET /api/legacy/wishes/:id: 404 for anything not readable now by this address. */
export async function openEarlyWishes(
  deps: Deps,
  email: string,
  assetId: string,
): Promise<EarlyWishesDetail> {
  const now = deps.clock.now();
  const { row, data } = await asSystem(deps.db, async (tx) => {
    const [row] = await selectEarlyWishes(tx, email, assetId);
    if (!row) throw new AppError("NOT_FOUND");
    const data = await selectEncryptedData(tx, assetId);
    if (!data) throw new AppError("NOT_FOUND");
    await appendEvidence(tx, {
      ownerId: row.ownerId,
      releaseId: row.releaseId,
      kind: "wishes_read",
      at: now,
      actor: { type: "beneficiary", email },
      data: { assetId },
    });
    await recordAudit(tx, {
      actorId: null,
      action: "wishes.read_early",
      subjectType: "asset",
      subjectId: assetId,
      ownerId: row.ownerId,
      at: now,
      details: { reader: email, releaseId: row.releaseId },
    });
    return { row, data };
  });
  return { ...itemOf(deps, row), encryptedData: data.toString("base64") };
}
