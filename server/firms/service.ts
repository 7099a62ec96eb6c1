import { AUTH_MSG } from "../../common/auth.js";
import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import { DEFAULT_BRAND_COLOR } from "../../common/firm-page.js";
import { FIRM_MSG, type ClaimFirmInput, type CreateFirmInput } from "../../common/firms.js";
import type { ActorProfile } from "../access.js";
import { requireAccess, requireFirm } from "../access.js";
import { recordAudit } from "../audit/record.js";
import { hashPassword, isCommonPassword } from "../auth/password.js";

import { asSystem, withActor } from "../db/actor.js";
import type { Db, Tx } from "../db/client.js";
import { AppError, isUniqueViolation } from "../errors.js";
import { generateFirmCode } from "../firm-codes/generate.js";
import { storeNewAccountKeys } from "../keys/owner-keys-service.js";
import { createDefaultCode, isFirmCodeTaken } from "../firm-codes/service.js";
import type { Deps } from "../deps.js";
import { describeError } from "../logger.js";
import type { MailBrand } from "../mail/templates.js";
import { CLAIM_WINDOW_HOURS, sendClaimLink } from "./claim-link.js";
import { awaitFirstAdmin } from "./membership.js";
import { freeSlugFor } from "./page.js";
import {
  deleteAccount,
  deleteUnclaimedFirms,
  insertFirm,
  isFirmNameTaken,
  lockClaimableFirm,
  replaceClaimSecretHash,
  selectFirmForMember,
  selectFirmName,
  selectFirmNameAndCode,
  selectUserIdByEmail,
} from "./queries.js";

export const sha256 = (s: string) => createHash("sha256").update(s).digest();

/** Step 1 of firm registration. Returns the firm and a one-time secret that step 2 must present. */
export async function createFirm(deps: Deps, input: CreateFirmInput, ip: string) {
  const claimSecret = randomBytes(32).toString("base64url");
  const firm = await asSystem(deps.db, (tx) =>
    insertNewFirm(tx, { input, claimSecret, actorId: null, ip }),
  ).catch(rethrowNameTaken);
  return { firm, claimSecret };
}

/** Inside a system transaction: a new, unclaimed firm with its own code, audited as created. */
export async function insertNewFirm(
  tx: Tx,
  made: { input: CreateFirmInput; claimSecret: string; actorId: string | null; ip: string },
) {
  const { input } = made;
  if (await isFirmNameTaken(tx, input.name)) throw new AppError("CONFLICT", FIRM_MSG.firmNameTaken);
  let code = generateFirmCode();
  while (await isFirmCodeTaken(tx, code)) code = generateFirmCode();
  const row = await insertFirm(tx, {
    name: input.name,
    phone: input.phone,
    address: input.address,
    firmCode: code,
    slug: await freeSlugFor(tx, input.name),
    claimSecretHash: sha256(made.claimSecret).toString("hex"),
  });
  if (!row) throw new AppError("INTERNAL");
  await recordAudit(tx, {
    actorId: made.actorId,
    action: "firm.created",
    subjectType: "firm",
    subjectId: row.id,
    firmId: row.id,
    ip: made.ip,
  });
  return row;
}

/** Two registrations of one name at once: the loser gets the same 409 as a name already taken. */
export function rethrowNameTaken(err: unknown): never {
  if (isUniqueViolation(err)) throw new AppError("CONFLICT", FIRM_MSG.firmNameTaken);
  throw err;
}

/** The firm's default code, created right after its first admin (spec: logged, registration continues). */
export async function addDefaultCode(deps: Deps, firm: { id: string; firmCode: string }) {
  try {
    await createDefaultCode(deps.db, { firmId: firm.id, code: firm.firmCode });
  } catch (err) {
    deps.log.warn(`default firm code for firm ${firm.id} not created: ${describeError(err)}`);
  }
}

/**
 * Step 2: names the firm's first admin. Only the holder of the claim secret can do it, only once,
 * and only within 24 hours. The answer is the same whether or not the e-mail already had an
 * account, and nothing is claimed yet either way (decision 073): a new account is made and becomes
 * the admin when it opens its confirmation link (`claimFirmOfConfirmedAdmin`); an existing
 * account's owner is e-mailed a link to claim the firm after signing in (decision 034). Both ways
 * the wizard's claim secret is spent, so step 2 cannot be sent again. A failure leaves no account.
 */
export async function claimFirm(
  deps: Deps,
  input: ClaimFirmInput & { firmId: string },
  headers: Headers,
) {
  const { db } = deps;
  if (isCommonPassword(input.password))
    throw new AppError("VALIDATION", AUTH_MSG.commonPassword, {
      password: AUTH_MSG.commonPassword,
    });
  const claimable = await asSystem(db, (tx) =>
    lockClaimableFirm(tx, input.firmId, CLAIM_WINDOW_HOURS),
  );
  if (!claimable || !isClaimSecret(claimable.claimSecretHash, input.claimSecret))
    throw new AppError("NOT_FOUND", FIRM_MSG.firmInfoMissing);

  const existingId = await selectUserIdByEmail(db, input.email);
  if (existingId) {
    await hashPassword(input.password); // a new account's hash costs the same: the timing tells nothing
    const firm = await spendClaimSecret(db, input);
    if (!firm) throw new AppError("NOT_FOUND", FIRM_MSG.firmInfoMissing);
    await sendClaimLink(deps, { firm, userId: existingId, email: input.email });
    return;
  }
  const result = await deps.auth.api.signUpEmail({
    body: { name: input.name, email: input.email, password: input.password },
    headers,
  });
  const userId = result.user.id;
  if (input.keys) await storeNewAccountKeys(deps, userId, input.keys); // decision 038: no escrowed copy
  const firm = await spendClaimSecret(db, input, { userId, phone: input.phone });
  if (!firm) {
    await deleteAccount(db, userId); // someone else used the secret meanwhile: leave nothing half-made
    throw new AppError("NOT_FOUND", FIRM_MSG.firmInfoMissing);
  }
}

/**
 * In one system transaction: the claim secret still holds, and gives way to one nobody holds; a
 * new admin account is recorded as the one the firm waits for. The firm as it is now, or null.
 */
function spendClaimSecret(
  db: Db,
  input: { firmId: string; claimSecret: string },
  newAdmin?: { userId: string; phone: string | null },
) {
  return asSystem(db, async (tx) => {
    const locked = await lockClaimableFirm(tx, input.firmId, CLAIM_WINDOW_HOURS);
    if (!locked || !isClaimSecret(locked.claimSecretHash, input.claimSecret)) return null;
    const unheld = sha256(randomBytes(32).toString("base64url")).toString("hex");
    if (newAdmin) await awaitFirstAdmin(tx, { ...newAdmin, firmId: locked.id });
    return replaceClaimSecretHash(tx, locked.id, unheld);
  });
}

const isClaimSecret = (storedHash: string | null, secret: string) =>
  !!storedHash && timingSafeEqual(Buffer.from(storedHash, "hex"), sha256(secret));

/**
 * The actor's own firm. About the actor alone (no id is asked for), so the answer may say why there
 * is none: 'No firm information found' without a firm, 'Could not find firm details' when it is gone.
 */
export async function getOwnFirm(deps: Deps, actor: ActorProfile) {
  if (!actor.firmId) throw new AppError("NOT_FOUND", FIRM_MSG.noFirmInformation);
  requireAccess(actor, "firm:read");
  const firm = await withActor(deps.db, { userId: actor.id }, (tx) =>
    selectFirmForMember(tx, requireFirm(actor)),
  );
  if (!firm) throw new AppError("NOT_FOUND", FIRM_MSG.firmDetailsNotFound);
  return firm;
}

export function cleanupUnclaimedFirms(deps: Deps): Promise<number> {
  return deleteUnclaimedFirms(deps.db, CLAIM_WINDOW_HOURS);
}

/* ---------- for other domains, inside their own transaction or read ---------- */

/** The firm `firmId` as its members see it, if it exists (a client's dashboard seen by its firm). */
export const findFirmForMember = (tx: Tx, firmId: string) => selectFirmForMember(tx, firmId);

/**
 * What an e-mail sent in the firm's name carries (decision 095): its name and colour (the default
 * colour when it chose none).
 */
export const mailBrandOf = (
  firm: { name: string; brandColor: string | null; logoUrl?: string | null; slug?: string },
  appUrl?: string,
): MailBrand => {
  const brand = {
    firmName: firm.name,
    color: firm.brandColor ?? DEFAULT_BRAND_COLOR,
    ...(firm.slug ? { slug: firm.slug } : {}),
  };
  // the logo (decision 100) as an absolute link to the app's stored copy
  return appUrl && firm.logoUrl?.startsWith("/")
    ? { ...brand, logoUrl: `${appUrl}${firm.logoUrl}` }
    : brand;
};

/** The brand of firm `firmId` for an e-mail, if the firm exists; with `appUrl`, its logo too. */
export const findFirmMailBrand = async (db: Db | Tx, firmId: string, appUrl?: string) => {
  const firm = await selectFirmName(db, firmId);
  return firm ? mailBrandOf(firm, appUrl) : undefined;
};

/** The firm's name and colour, if it exists (an invitation's landing page and its acceptance). */
export const findFirmName = (db: Db | Tx, firmId: string) => selectFirmName(db, firmId);

/** The firm's name, colour and own code, if it exists (an invitation being sent). */
export const findFirmNameAndCode = (tx: Tx, firmId: string) => selectFirmNameAndCode(tx, firmId);
