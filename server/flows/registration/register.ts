import { AUTH_MSG } from "../../../common/auth.js";
import { APIError } from "better-auth/api";
import type { z } from "zod";
import type { registerWithKeysSchema } from "../../../common/keys.js";
import { FIRM_CODE_MSG } from "../../../common/firm-codes.js";
import { INVITATION_MSG } from "../../../common/invitations.js";

import { AppError } from "../../errors.js";
import { findFirmByCode } from "../../firm-codes/service.js";
import { joinFirmAsClient } from "../../firms/membership.js";
import type { Deps } from "../../deps.js";
import { acceptInvitation, checkInvitation } from "../../invitations/service.js";
import { storeNewAccountKeys } from "../../keys/owner-keys-service.js";
import { isCommonPassword } from "../../auth/password.js";

type RegisterInput = z.infer<typeof registerWithKeysSchema>;

/**
 * Self-registration always creates a regular_user; a valid firm code ties the account to
 * that firm. The answer is the same whether or not the address already has an account. `keys`:
 * the data key wraps its browser made (decision 038); without them the account gets an escrowed
 * data key on its first GET /api/vault/key.
 */
export async function registerUser(
  deps: Deps,
  input: RegisterInput,
  headers: Headers,
): Promise<void> {
  if (isCommonPassword(input.password))
    throw new AppError("VALIDATION", AUTH_MSG.commonPassword, {
      password: AUTH_MSG.commonPassword,
    });
  const invitation = input.invitationCode
    ? await checkInvitation(deps.db, input.email, input.invitationCode)
    : null;
  if (invitation && !invitation.valid) {
    const isRevoked = invitation.reason === "revoked";
    throw new AppError(
      "VALIDATION",
      isRevoked
        ? `${INVITATION_MSG.withdrawnTitle} ${INVITATION_MSG.withdrawnText}`
        : `${INVITATION_MSG.invitationInvalidTitle} ${INVITATION_MSG.invitationInvalidText}`,
    );
  }
  const firmCode = input.invitationCode ? undefined : input.firmCode;
  const firm = firmCode ? await findFirmByCode(deps.db, firmCode) : null;
  if (firmCode && !firm)
    throw new AppError("VALIDATION", FIRM_CODE_MSG.invalidFirmCode, {
      firmCode: FIRM_CODE_MSG.invalidFirmCode,
    });
  let userId: string;
  try {
    const result = await deps.auth.api.signUpEmail({
      body: { name: input.name, email: input.email, password: input.password },
      headers,
    });
    userId = result.user.id;
  } catch (err) {
    if (err instanceof APIError) throw new AppError("VALIDATION", err.message);
    throw err;
  }
  // For an address that already had an account, better-auth answers with a synthetic user
  // whose id matches no profile or account, so this changes nothing.
  if (input.keys) await storeNewAccountKeys(deps, userId, input.keys);
  if (input.invitationCode)
    await acceptInvitation(deps.db, { userId, email: input.email, code: input.invitationCode });
  else if (firm) await joinFirmAsClient(deps.db, { userId, firmId: firm.id, via: "registration" });
}
