import {
  FIRM_CODE_MSG,
  normalizeFirmCode,
  type CreateFirmCodeInput,
  type FirmSummaryView,
} from "../../common/firm-codes.js";
import { requireAccess, requireFirm, type ActorProfile } from "../access.js";
import { recordAudit } from "../audit/record.js";
import { withActor } from "../db/actor.js";
import type { Db, Tx } from "../db/client.js";
import type { Deps } from "../deps.js";
import { AppError, isUniqueViolation, toAppError } from "../errors.js";
import { describeError } from "../logger.js";
import { generateFirmCode } from "./generate.js";
import {
  deactivateCode,
  findFirmByActiveCode,
  findFirmByOwnCode,
  insertCode,
  insertDefaultCode,
  isCodeTaken,
  listCodes,
  selectActiveCode,
} from "./queries.js";

export async function listFirmCodes(deps: Deps, actor: ActorProfile) {
  requireAccess(actor, "firm-codes:manage", { firmId: actor.firmId });
  return withActor(deps.db, { userId: actor.id }, (tx) => listCodes(tx, requireFirm(actor)));
}

/** Blank: a random code (retried until unused). Given: normalised and checked by the schema, must be unused. */
export async function createFirmCode(deps: Deps, actor: ActorProfile, input: CreateFirmCodeInput) {
  requireAccess(actor, "firm-codes:manage", { firmId: actor.firmId });
  // Uniqueness spans every firm, which the actor cannot see: checked as the system first,
  // and the unique index catches a race.
  let code: string;
  if (input.code) {
    code = input.code;
    if (await isCodeTaken(deps.db, code)) throw new AppError("CONFLICT", FIRM_CODE_MSG.codeInUse);
  } else {
    do code = generateFirmCode();
    while (await isCodeTaken(deps.db, code));
  }
  return withActor(deps.db, { userId: actor.id }, async (tx) => {
    const row = await insertCode(tx, {
      firmId: requireFirm(actor),
      code,
      description: input.description,
    });
    if (!row) throw new AppError("INTERNAL", FIRM_CODE_MSG.codeCreateFailed);
    await recordAudit(tx, {
      actorId: actor.id,
      action: "firm_code.created",
      subjectType: "firm_code",
      subjectId: row.id,
      firmId: row.firmId,
    });
    return row;
  }).catch((err: unknown) => {
    if (isUniqueViolation(err)) throw new AppError("CONFLICT", FIRM_CODE_MSG.codeInUse);
    throw err;
  });
}

/** Active -> inactive, never back (spec: no reactivation, no deletion). */
export async function deactivateFirmCode(deps: Deps, actor: ActorProfile, id: string) {
  requireAccess(actor, "firm-codes:manage", { firmId: actor.firmId });
  return withActor(deps.db, { userId: actor.id }, async (tx) => {
    const row = await deactivateCode(tx, requireFirm(actor), id);
    if (!row) throw new AppError("NOT_FOUND");
    await recordAudit(tx, {
      actorId: actor.id,
      action: "firm_code.deactivated",
      subjectType: "firm_code",
      subjectId: row.id,
      firmId: row.firmId,
    });
    return row;
  });
}

/**
 * The one firm-code look-up (firm registration, /register's optional code, /join-firm):
 * active firm_codes first, then the firm's own code unless a firm_codes row with that code
 * exists (so deactivating the default code really closes it). Inactive codes never match.
 * A public look-up by design: it runs as the system and returns only id and name. Case,
 * whitespace and hyphens are ignored (normalizeFirmCode); older codes were stored padded to 6.
 */
export async function findFirmByCode(db: Db, input: string): Promise<FirmSummaryView | null> {
  const code = normalizeFirmCode(input);
  if (!code) return null;
  return (await findFirmByActiveCode(db, code)) ?? (await findFirmByOwnCode(db, code));
}

/** A look-up that failed (not a code that matched nothing): 'Failed to find firm' (spec 01 §5); an outage stays a 503. */
async function findOrFail(deps: Deps, code: string) {
  try {
    return await findFirmByCode(deps.db, code);
  } catch (err) {
    const known = toAppError(err);
    if (known.code !== "INTERNAL") throw known;
    deps.log.error(`firm look-up failed: ${describeError(err, { withStack: true })}`);
    throw new AppError("INTERNAL", FIRM_CODE_MSG.firmLookupFailed);
  }
}

export async function lookupFirm(deps: Deps, code: string): Promise<FirmSummaryView> {
  const firm = await findOrFail(deps, code);
  if (!firm) throw new AppError("NOT_FOUND", FIRM_CODE_MSG.invalidFirmCode);
  return firm;
}

/* ---------- for firms/, as the system, while a firm is registered or claimed ---------- */

/** Whether any firm has `code`, as its own code or among its firm codes (uniqueness spans every firm). */
export const isFirmCodeTaken = (db: Db | Tx, code: string) => isCodeTaken(db, code);

/** Right after the firm is claimed: its own code as its first firm code. */
export const createDefaultCode = (db: Db, values: { firmId: string; code: string }) =>
  insertDefaultCode(db, values);

/* ---------- for firms/, as the system: the code a firm publishes on its page (decision 095) ---------- */

export const FIRM_PAGE_CODE_DESCRIPTION = "Firm page (public)";

/** A new code made for the firm page only, so publishing it reveals none of the firm's other codes. */
export async function createPageCode(tx: Tx, firmId: string) {
  let code = generateFirmCode();
  while (await isCodeTaken(tx, code)) code = generateFirmCode();
  const row = await insertCode(tx, { firmId, code, description: FIRM_PAGE_CODE_DESCRIPTION });
  if (!row) throw new AppError("INTERNAL", FIRM_CODE_MSG.codeCreateFailed);
  return row;
}

/** The page's code stops working (never reactivated, as every code). */
export const closePageCode = (tx: Tx, firmId: string, id: string) => deactivateCode(tx, firmId, id);

/** The page's code while it is active, else null (deactivated in the codes manager, or gone). */
export const findActivePageCode = (db: Db | Tx, firmId: string, id: string) =>
  selectActiveCode(db, firmId, id);
