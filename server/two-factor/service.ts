import { isAPIError } from "better-auth/api";
import { AUTH_MSG } from "../../common/auth.js";
import {
  TWO_FACTOR_MSG,
  type AuthenticatorSetupView,
  type RecoveryCodesView,
  type TwoFactorView,
} from "../../common/two-factor.js";
import { requireAccess, type ActorProfile } from "../access.js";
import { recordAudit } from "../audit/record.js";
import type { Caller } from "../auth/caller.js";
import { asSystem } from "../db/actor.js";
import type { Deps } from "../deps.js";
import { AppError } from "../errors.js";
import { requireCurrentPassword } from "../auth/current-password.js";
import { factorChangeMail, type FactorChange } from "./emails.js";
import { presentSetup } from "./present.js";
import { deleteAuthenticator, selectTwoFactorState } from "./queries.js";

/**
 * The account's sign-in protection (docs/decisions/052): an authenticator app and recovery codes
 * through better-auth's two-factor plugin (`auth.api`, with the caller's cookie: its HTTP routes
 * for these are off), each change audited and told to the account's address.
 */

const ownAccount = (actor: ActorProfile) =>
  requireAccess(actor, "vault:own", { ownerId: actor.id });

async function stateOf(deps: Deps, userId: string) {
  const state = await asSystem(deps.db, (tx) => selectTwoFactorState(tx, userId)); // auth tables
  if (!state) throw new AppError("NOT_FOUND");
  return state;
}

/** One authenticator per account: a second setup or confirmation is refused (409). */
async function refuseSecondAuthenticator(deps: Deps, userId: string) {
  if ((await stateOf(deps, userId)).hasAuthenticator)
    throw new AppError("CONFLICT", TWO_FACTOR_MSG.authenticatorExists);
}

/** GET /api/two-factor */
export async function getTwoFactor(deps: Deps, actor: ActorProfile): Promise<TwoFactorView> {
  ownAccount(actor);
  const { isOn, hasAuthenticator } = await stateOf(deps, actor.id);
  if (!hasAuthenticator) return { isOn, hasAuthenticator, recoveryCodesLeft: null };
  const { backupCodes } = await deps.auth.api.viewBackupCodes({ body: { userId: actor.id } });
  return { isOn, hasAuthenticator, recoveryCodesLeft: backupCodes.length };
}

/** POST /api/two-factor/authenticator: a new secret and codes, unconfirmed until the app's first code. */
export async function createAuthenticator(
  deps: Deps,
  caller: Caller,
  password: string,
): Promise<AuthenticatorSetupView> {
  ownAccount(caller.actor);
  await requireCurrentPassword(deps, caller.actor.id, password);
  await refuseSecondAuthenticator(deps, caller.actor.id);
  const result = await fromAuth(() =>
    deps.auth.api.enableTwoFactor({
      headers: caller.headers,
      body: { password, method: "totp" },
    }),
  );
  if (result.method !== "totp") throw new AppError("INTERNAL");
  return presentSetup(result);
}

/** POST /api/two-factor/authenticator/confirm: the app's code turns it on (and sign-in protection with it). */
export async function confirmAuthenticator(deps: Deps, caller: Caller, code: string) {
  ownAccount(caller.actor);
  await refuseSecondAuthenticator(deps, caller.actor.id);
  const { headers } = await fromAuth(() =>
    deps.auth.api.verifyTOTP({ headers: caller.headers, body: { code }, returnHeaders: true }),
  );
  await told(deps, caller, "authenticator_added");
  return headers;
}

/** DELETE /api/two-factor/authenticator: its secret and recovery codes go; the e-mailed code stays. */
export async function removeAuthenticator(deps: Deps, caller: Caller, password: string) {
  ownAccount(caller.actor);
  await requireCurrentPassword(deps, caller.actor.id, password);
  const removed = await asSystem(deps.db, (tx) => deleteAuthenticator(tx, caller.actor.id));
  if (!removed) throw new AppError("NOT_FOUND");
  await told(deps, caller, "authenticator_removed");
}

/** POST /api/two-factor/recovery-codes: a new set of codes; the old set opens nothing any more. */
export async function renewRecoveryCodes(
  deps: Deps,
  caller: Caller,
  password: string,
): Promise<RecoveryCodesView> {
  ownAccount(caller.actor);
  await requireCurrentPassword(deps, caller.actor.id, password);
  if (!(await stateOf(deps, caller.actor.id)).hasAuthenticator) throw new AppError("NOT_FOUND");
  const { backupCodes } = await fromAuth(() =>
    deps.auth.api.generateBackupCodes({ headers: caller.headers, body: { password } }),
  );
  await told(deps, caller, "recovery_codes_renewed");
  return { recoveryCodes: backupCodes };
}

const AUDIT_ACTION: Record<FactorChange, string> = {
  authenticator_added: "auth.factor_added",
  authenticator_removed: "auth.factor_removed",
  recovery_codes_renewed: "auth.recovery_codes_renewed",
};

/** The change on the activity timeline (no secret, no code), and the notice to the account's address. */
async function told(deps: Deps, caller: Caller, change: FactorChange) {
  await recordAudit(deps.db, {
    actorId: caller.actor.id,
    action: AUDIT_ACTION[change],
    ownerId: caller.actor.id,
    ip: caller.ip,
    details: { factor: change === "recovery_codes_renewed" ? "recovery_codes" : "authenticator" },
  });
  await deps.sendMail(factorChangeMail(deps.env.APP_URL, { to: caller.email, change }));
}

/** better-auth's refusals in the app's words: a wrong code is the /mfa screen's message. */
async function fromAuth<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (!isAPIError(error)) throw error;
    const code = (error.body as { code?: unknown } | undefined)?.code;
    if (code === "INVALID_CODE") throw new AppError("VALIDATION", AUTH_MSG.mfaInvalid);
    if (code === "INVALID_PASSWORD")
      throw new AppError("VALIDATION", AUTH_MSG.currentPasswordWrong);
    if (code === "TOTP_NOT_ENABLED") throw new AppError("NOT_FOUND");
    throw new AppError("VALIDATION", error.message);
  }
}
