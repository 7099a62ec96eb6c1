import type { z } from "zod";
import type { createFirmCodeSchema } from "../../common/firm-schemas.js";
import { FIRM_MSG } from "../../common/firm-messages.js";
import { requireAccess, type ActorProfile } from "../access.js";
import { recordAudit } from "../audit/record.js";
import { withActor } from "../db/actor.js";
import { AppError, isUniqueViolation } from "../errors.js";
import { isCodeTaken } from "../firms/queries.js";
import type { Deps } from "../deps.js";
import { generateFirmCode } from "./generate.js";
import { deactivateCode, insertCode, listCodes } from "./queries.js";

const firmOf = (actor: ActorProfile) => actor.firmId ?? "";

export async function listFirmCodes(deps: Deps, actor: ActorProfile) {
  requireAccess(actor, "firm-codes:manage", { firmId: actor.firmId });
  return withActor(deps.db, { userId: actor.id }, (tx) => listCodes(tx, firmOf(actor)));
}

/** Blank: a random code (retried until unused). Given: normalised and checked by the schema, must be unused. */
export async function createFirmCode(deps: Deps, actor: ActorProfile, input: z.infer<typeof createFirmCodeSchema>) {
  requireAccess(actor, "firm-codes:manage", { firmId: actor.firmId });
  // Uniqueness spans every firm, which the actor cannot see: checked as the system first,
  // and the unique index catches a race.
  let code: string;
  if (input.code) {
    code = input.code;
    if (await isCodeTaken(deps.db, code)) throw new AppError("CONFLICT", FIRM_MSG.codeInUse);
  } else {
    do code = generateFirmCode();
    while (await isCodeTaken(deps.db, code));
  }
  return withActor(deps.db, { userId: actor.id }, async (tx) => {
    const row = await insertCode(tx, { firmId: firmOf(actor), code, description: input.description });
    if (!row) throw new AppError("INTERNAL", FIRM_MSG.codeCreateFailed);
    await recordAudit(tx, { actorId: actor.id, action: "firm_code.created", subjectType: "firm_code", subjectId: row.id });
    return row;
  }).catch((err: unknown) => {
    if (isUniqueViolation(err)) throw new AppError("CONFLICT", FIRM_MSG.codeInUse);
    throw err;
  });
}

/** Active -> inactive, never back (spec: no reactivation, no deletion). */
export async function deactivateFirmCode(deps: Deps, actor: ActorProfile, id: string) {
  requireAccess(actor, "firm-codes:manage", { firmId: actor.firmId });
  return withActor(deps.db, { userId: actor.id }, async (tx) => {
    const row = await deactivateCode(tx, firmOf(actor), id);
    if (!row) throw new AppError("NOT_FOUND");
    await recordAudit(tx, { actorId: actor.id, action: "firm_code.deactivated", subjectType: "firm_code", subjectId: row.id });
    return row;
  });
}
