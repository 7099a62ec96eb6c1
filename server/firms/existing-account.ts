import { randomBytes } from "node:crypto";
import {
  FIRM_MSG,
  type ClaimFirmByLinkInput,
  type RegisterFirmAsMeInput,
} from "../../common/firms.js";
import { can, type ActorProfile } from "../access.js";
import { recordAudit } from "../audit/record.js";
import { verifyPassword } from "../auth/password.js";
import { asSystem } from "../db/actor.js";
import type { Tx } from "../db/client.js";
import type { Deps } from "../deps.js";
import { AppError } from "../errors.js";
import { CLAIM_WINDOW_HOURS, isClaimLinkToken } from "./claim-link.js";
import { becomeFirstAdmin } from "./membership.js";
import { lockClaimableFirm, selectPasswordHash } from "./queries.js";
import { addDefaultCode, insertNewFirm, rethrowNameTaken } from "./service.js";

/**
 * An existing account registers a firm and becomes its first admin (decision 034): from inside
 * the app, or through the link e-mailed when its address was given at /firm-register. Only a
 * regular_user without a firm may, and only after re-entering the account's password.
 */

/** Someone already in a firm (client, staff or admin) is told so plainly: it is their own state. */
function requireNoFirm(actor: ActorProfile) {
  if (!can(actor, "firm:register")) throw new AppError("CONFLICT", FIRM_MSG.alreadyInFirm);
}

async function confirmPassword(deps: Deps, userId: string, password: string) {
  const hash = await selectPasswordHash(deps.db, userId);
  if (!hash || !(await verifyPassword({ hash, password })))
    throw new AppError("VALIDATION", FIRM_MSG.passwordWrong, { password: FIRM_MSG.passwordWrong });
}

/** Inside the system transaction: the actor becomes the firm's first admin, audited; false if they cannot. */
async function becomeAdmin(tx: Tx, actorId: string, firm: { id: string }, via: string) {
  if (!(await becomeFirstAdmin(tx, { userId: actorId, firmId: firm.id, phone: null })))
    return false;
  await recordAudit(tx, {
    actorId,
    action: "firm.claimed",
    subjectType: "firm",
    subjectId: firm.id,
    ownerId: actorId,
    firmId: firm.id,
    details: { role: "firm_admin", via },
  });
  return true;
}

/** POST /api/firm: a new firm, with the signed-in account as its first admin, in one step. */
export async function registerFirmAsMe(
  deps: Deps,
  request: { actor: ActorProfile; input: RegisterFirmAsMeInput; ip: string },
) {
  const { actor, input, ip } = request;
  requireNoFirm(actor);
  await confirmPassword(deps, actor.id, input.password);
  const claimSecret = randomBytes(32).toString("base64url");
  const firm = await asSystem(deps.db, async (tx) => {
    const row = await insertNewFirm(tx, { input, claimSecret, actorId: actor.id, ip });
    // the profile changed since the session was read (it joined a firm meanwhile): nothing is kept
    if (!(await becomeAdmin(tx, actor.id, row, "account")))
      throw new AppError("CONFLICT", FIRM_MSG.alreadyInFirm);
    return row;
  }).catch(rethrowNameTaken);
  await addDefaultCode(deps, firm);
  return firm;
}

/** The firm an e-mailed link offers, to the one account it was sent to; 404 for anyone else. */
export async function getClaimableFirm(
  deps: Deps,
  link: { actor: ActorProfile; firmId: string; token: string },
) {
  requireNoFirm(link.actor);
  const firm = await asSystem(deps.db, (tx) =>
    lockClaimableFirm(tx, link.firmId, CLAIM_WINDOW_HOURS),
  );
  if (!firm || !isClaimLinkToken(deps, { firm, userId: link.actor.id, token: link.token }))
    throw new AppError("NOT_FOUND", FIRM_MSG.claimLinkInvalid);
  return firm;
}

/** POST /api/firms/:id/claim: the e-mailed link's account becomes the firm's first admin. */
export async function claimFirmByLink(
  deps: Deps,
  claim: { actor: ActorProfile; firmId: string; input: ClaimFirmByLinkInput },
) {
  const { actor, firmId, input } = claim;
  await getClaimableFirm(deps, { actor, firmId, token: input.token });
  await confirmPassword(deps, actor.id, input.password);
  const firm = await asSystem(deps.db, async (tx) => {
    const locked = await lockClaimableFirm(tx, firmId, CLAIM_WINDOW_HOURS);
    if (!locked || !isClaimLinkToken(deps, { firm: locked, userId: actor.id, token: input.token }))
      return null;
    return (await becomeAdmin(tx, actor.id, locked, "e-mailed link")) ? locked : null;
  });
  if (!firm) throw new AppError("NOT_FOUND", FIRM_MSG.claimLinkInvalid);
  await addDefaultCode(deps, firm);
  return firm;
}
