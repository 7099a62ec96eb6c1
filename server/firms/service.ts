import { AUTH_MSG } from "../../common/auth.js";
import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import { FIRM_MSG, type ClaimFirmInput, type CreateFirmInput } from "../../common/firms.js";
import type { ActorProfile } from "../access.js";
import { requireAccess } from "../access.js";
import { recordAudit } from "../audit/record.js";
import { isCommonPassword } from "../auth/password.js";

import { asSystem, withActor } from "../db/actor.js";
import { AppError, isUniqueViolation } from "../errors.js";
import { generateFirmCode } from "../firm-codes/generate.js";
import { insertDefaultCode, isCodeTaken } from "../firm-codes/queries.js";
import type { Deps } from "../deps.js";
import { describeError } from "../logger.js";
import { becomeFirstAdmin } from "./membership.js";
import {
  deleteAccount,
  deleteUnclaimedFirms,
  hasAccountForEmail,
  insertFirm,
  isFirmNameTaken,
  lockClaimableFirm,
  selectFirmForMember,
} from "./queries.js";

/** An unclaimed firm (no admin yet) can be claimed for this long, then it is deleted. */
export const CLAIM_WINDOW_HOURS = 24;

const sha256 = (s: string) => createHash("sha256").update(s).digest();

/** Step 1 of firm registration. Returns the firm and a one-time secret that step 2 must present. */
export async function createFirm(deps: Deps, input: CreateFirmInput, ip: string) {
  const claimSecret = randomBytes(32).toString("base64url");
  const firm = await asSystem(deps.db, async (tx) => {
    if (await isFirmNameTaken(tx, input.name))
      throw new AppError("CONFLICT", FIRM_MSG.firmNameTaken);
    let code = generateFirmCode();
    while (await isCodeTaken(tx, code)) code = generateFirmCode();
    const row = await insertFirm(tx, {
      name: input.name,
      phone: input.phone,
      address: input.address,
      firmCode: code,
      claimSecretHash: sha256(claimSecret).toString("hex"),
    });
    if (!row) throw new AppError("INTERNAL");
    await recordAudit(tx, {
      actorId: null,
      action: "firm.created",
      subjectType: "firm",
      subjectId: row.id,
      ip,
    });
    return row;
  }).catch((err: unknown) => {
    if (isUniqueViolation(err)) throw new AppError("CONFLICT", FIRM_MSG.firmNameTaken);
    throw err;
  });
  return { firm, claimSecret };
}

/**
 * Step 2: creates the first admin of a firm created in step 1. Only the holder of the claim
 * secret can do it, only once, and only within 24 hours. A failure leaves no account behind.
 * The answer is the same whether or not the e-mail already had an account (its owner is
 * told by e-mail instead), so the firm stays unclaimed in that case.
 */
export async function claimFirm(
  deps: Deps,
  input: ClaimFirmInput & { firmId: string },
  headers: Headers,
) {
  const { db, auth, log } = deps;
  const { firmId } = input;
  if (isCommonPassword(input.password))
    throw new AppError("VALIDATION", AUTH_MSG.commonPassword, {
      password: AUTH_MSG.commonPassword,
    });
  const isClaimable = async () => {
    const firm = await asSystem(db, (tx) => lockClaimableFirm(tx, firmId, CLAIM_WINDOW_HOURS));
    return (
      !!firm?.claimSecretHash &&
      timingSafeEqual(Buffer.from(firm.claimSecretHash, "hex"), sha256(input.claimSecret))
    );
  };
  if (!(await isClaimable())) throw new AppError("NOT_FOUND", FIRM_MSG.firmInfoMissing);

  const existedBefore = await hasAccountForEmail(db, input.email);
  const result = await auth.api.signUpEmail({
    body: { name: input.name, email: input.email, password: input.password },
    headers,
  });
  if (existedBefore) return; // synthetic answer from better-auth; the owner got an e-mail

  const userId = result.user.id;
  const firm = await asSystem(db, async (tx) => {
    const locked = await lockClaimableFirm(tx, firmId, CLAIM_WINDOW_HOURS);
    if (
      !locked?.claimSecretHash ||
      !timingSafeEqual(Buffer.from(locked.claimSecretHash, "hex"), sha256(input.claimSecret))
    )
      return null;
    if (!(await becomeFirstAdmin(tx, { userId, firmId, phone: input.phone }))) return null;
    await recordAudit(tx, {
      actorId: userId,
      action: "firm.claimed",
      subjectType: "firm",
      subjectId: firmId,
      details: { role: "firm_admin" },
    });
    return locked;
  });
  if (!firm) {
    await deleteAccount(db, userId); // someone else claimed it meanwhile: leave nothing half-made
    throw new AppError("NOT_FOUND", FIRM_MSG.firmInfoMissing);
  }
  try {
    await insertDefaultCode(db, { firmId, code: firm.firmCode });
  } catch (err) {
    log.warn(`default firm code for firm ${firmId} not created: ${describeError(err)}`); // spec: logged, registration continues
  }
}

export async function getOwnFirm(deps: Deps, actor: ActorProfile) {
  requireAccess(actor, "firm:read");
  const firm = await withActor(deps.db, { userId: actor.id }, (tx) =>
    selectFirmForMember(tx, actor.firmId ?? ""),
  );
  if (!firm) throw new AppError("NOT_FOUND");
  return firm;
}

export function cleanupUnclaimedFirms(deps: Deps): Promise<number> {
  return deleteUnclaimedFirms(deps.db, CLAIM_WINDOW_HOURS);
}
