import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import { eq } from "drizzle-orm";
import type { z } from "zod";
import type { claimFirmSchema, createFirmSchema } from "../../common/firm-schemas.js";
import { FIRM_MSG } from "../../common/firm-messages.js";
import type { ActorProfile } from "../access.js";
import { requireAccess } from "../access.js";
import { recordAudit } from "../audit/record.js";
import { isCommonPassword } from "../auth/password.js";
import { MSG } from "../../common/messages.js";
import { asSystem, withActor } from "../db/actor.js";
import { firmCodes, firms, user } from "../db/schema/index.js";
import { AppError, isUniqueViolation } from "../errors.js";
import { generateFirmCode } from "../firm-codes/generate.js";
import type { Deps } from "../deps.js";
import { describeError } from "../logger.js";
import { findFirmByCode } from "./lookup.js";
import { joinFirmAsClient } from "./membership.js";
import { deleteUnclaimedFirms, isCodeTaken, isFirmNameTaken, lockClaimableFirm, promoteToFirstAdmin, selectFirmForMember } from "./queries.js";

/** An unclaimed firm (no admin yet) can be claimed for this long, then it is deleted. */
export const CLAIM_WINDOW_HOURS = 24;

const sha256 = (s: string) => createHash("sha256").update(s).digest();

/** Step 1 of firm registration. Returns the firm and a one-time secret that step 2 must present. */
export async function createFirm(deps: Deps, input: z.infer<typeof createFirmSchema>, ip: string) {
  const claimSecret = randomBytes(32).toString("base64url");
  const firm = await asSystem(deps.db, async (tx) => {
    if (await isFirmNameTaken(tx, input.name)) throw new AppError("CONFLICT", FIRM_MSG.firmNameTaken);
    let code = generateFirmCode();
    while (await isCodeTaken(tx, code)) code = generateFirmCode();
    const [row] = await tx
      .insert(firms)
      .values({ name: input.name, phone: input.phone, address: input.address, firmCode: code, claimSecretHash: sha256(claimSecret).toString("hex") })
      .returning();
    if (!row) throw new AppError("INTERNAL");
    await recordAudit(tx, { actorId: null, action: "firm.created", subjectType: "firm", subjectId: row.id, ip });
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
export async function claimFirm(deps: Deps, firmId: string, input: z.infer<typeof claimFirmSchema>, headers: Headers) {
  const { db, auth, log } = deps;
  if (isCommonPassword(input.password)) throw new AppError("VALIDATION", MSG.commonPassword, { password: MSG.commonPassword });
  const isClaimable = async () => {
    const firm = await asSystem(db, (tx) => lockClaimableFirm(tx, firmId, CLAIM_WINDOW_HOURS));
    return !!firm?.claimSecretHash && timingSafeEqual(Buffer.from(firm.claimSecretHash, "hex"), sha256(input.claimSecret));
  };
  if (!(await isClaimable())) throw new AppError("NOT_FOUND", FIRM_MSG.firmInfoMissing);

  const existedBefore = (await db.select({ id: user.id }).from(user).where(eq(user.email, input.email)).limit(1)).length > 0;
  const result = await auth.api.signUpEmail({ body: { name: input.name, email: input.email, password: input.password }, headers });
  if (existedBefore) return; // synthetic answer from better-auth; the owner got an e-mail

  const userId = result.user.id;
  const firm = await asSystem(db, async (tx) => {
    const locked = await lockClaimableFirm(tx, firmId, CLAIM_WINDOW_HOURS);
    if (!locked?.claimSecretHash || !timingSafeEqual(Buffer.from(locked.claimSecretHash, "hex"), sha256(input.claimSecret))) return null;
    if (!(await promoteToFirstAdmin(tx, userId, firmId, input.phone))) return null;
    await recordAudit(tx, { actorId: userId, action: "firm.claimed", subjectType: "firm", subjectId: firmId, details: { role: "firm_admin" } });
    return locked;
  });
  if (!firm) {
    await db.delete(user).where(eq(user.id, userId)); // someone else claimed it meanwhile: leave nothing half-made
    throw new AppError("NOT_FOUND", FIRM_MSG.firmInfoMissing);
  }
  try {
    await db.insert(firmCodes).values({ firmId, code: firm.firmCode, description: "Default firm code" });
  } catch (err) {
    log.warn(`default firm code for firm ${firmId} not created: ${describeError(err)}`); // spec: logged, registration continues
  }
}

export async function getOwnFirm(deps: Deps, actor: ActorProfile) {
  requireAccess(actor, "firm:read");
  const firm = await withActor(deps.db, { userId: actor.id }, (tx) => selectFirmForMember(tx, actor.firmId ?? ""));
  if (!firm) throw new AppError("NOT_FOUND");
  return firm;
}

export async function lookupFirm(deps: Deps, code: string) {
  const firm = await findFirmByCode(deps.db, code);
  if (!firm) throw new AppError("NOT_FOUND", MSG.invalidFirmCode);
  return firm;
}

/** /join-firm: a client without a firm joins the firm of a valid, active code. */
export async function joinFirm(deps: Deps, actor: ActorProfile, code: string) {
  requireAccess(actor, "firm:join");
  const firm = await lookupFirm(deps, code);
  if (!(await joinFirmAsClient(deps.db, actor.id, firm.id, "code"))) throw new AppError("CONFLICT", FIRM_MSG.joinFailed);
  return firm;
}

export function cleanupUnclaimedFirms(deps: Deps): Promise<number> {
  return deleteUnclaimedFirms(deps.db, CLAIM_WINDOW_HOURS);
}
