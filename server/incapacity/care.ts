import type { CareItemDetail, CareView } from "../../common/incapacity.js";
import { recordAudit } from "../audit/record.js";
import { asSystem } from "../db/actor.js";
import type { Tx } from "../db/client.js";
import type { Deps } from "../deps.js";
import { AppError } from "../errors.js";
import { appendEvidence } from "../release-evidence/service.js";
import { presentCare, presentCareItem, presentCareItemDetail } from "./present.js";
import { selectCareRows, selectEncryptedData, type CareRow } from "./queries.js";

/**
 * A caregiver on the portal (docs/decisions/093): the address they proved with the portal's code
 * reads the items marked for it, only while the owner's incapacity scope is active and before its
 * end, and only with the wrap the owner's browser made for that address's key. Read-only: no file
 * route, no change. Every query's first condition is the proven address.
 */

/** The key parts for one row, unsealed for this answer only. */
function itemOf(deps: Deps, row: CareRow) {
  const { serverShare, escrow } = deps.shareSealers;
  const share = serverShare.open(row.beneficiaryKeyId, row.serverShare);
  const escrowed = row.escrowShare ? escrow.open(row.beneficiaryKeyId, row.escrowShare) : null;
  const item = presentCareItem(row, { serverShare: share, escrowShare: escrowed });
  share.fill(0);
  escrowed?.fill(0);
  return item;
}

/** Whether `email` may read anything now (the portal sends a code for it). */
export async function hasCare(tx: Tx, email: string, now: Date) {
  return (await selectCareRows(tx, email, now)).length > 0;
}

/** GET /api/legacy/care */
export async function listCare(deps: Deps, email: string): Promise<CareView> {
  const rows = await asSystem(deps.db, (tx) => selectCareRows(tx, email, deps.clock.now()));
  return presentCare(
    email,
    rows.map((row) => ({ row, item: itemOf(deps, row) })),
  );
}

/** GET /api/legacy/care/:id: the ciphertext to read in the portal; 404 for anything not readable now. */
export async function openCareItem(
  deps: Deps,
  email: string,
  assetId: string,
): Promise<CareItemDetail> {
  const now = deps.clock.now();
  const { row, data } = await asSystem(deps.db, async (tx) => {
    const [row] = await selectCareRows(tx, email, now, assetId);
    if (!row) throw new AppError("NOT_FOUND");
    const data = await selectEncryptedData(tx, assetId);
    if (!data) throw new AppError("NOT_FOUND");
    await appendEvidence(tx, {
      ownerId: row.ownerId,
      releaseId: null,
      kind: "care_item_opened",
      at: now,
      actor: { type: "caregiver", email },
      data: { scopeId: row.scopeId, assetId },
    });
    await recordAudit(tx, {
      actorId: null,
      action: "incapacity.item_viewed",
      subjectType: "incapacity_scope",
      subjectId: row.scopeId,
      ownerId: row.ownerId,
      at: now,
      details: { caregiver: email, assetId },
    });
    return { row, data };
  });
  return presentCareItemDetail(row, itemOf(deps, row), data);
}
