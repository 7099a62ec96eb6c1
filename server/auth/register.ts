import { APIError } from "better-auth/api";
import type { z } from "zod";
import type { registerSchema } from "../../common/auth-schemas.js";
import { INVITATION_MSG } from "../../common/invitation-messages.js";
import { MSG } from "../../common/messages.js";
import { AppError } from "../errors.js";
import { findFirmByCode } from "../firms/lookup.js";
import { joinFirmAsClient } from "../firms/membership.js";
import type { Deps } from "../deps.js";
import { acceptInvitation, checkInvitation } from "../invitations/service.js";
import { isCommonPassword } from "./password.js";

type RegisterInput = z.infer<typeof registerSchema>;

/**
 * Self-registration always creates a regular_user; a valid firm code ties the account to
 * that firm. The answer is the same whether or not the address already has an account.
 */
export async function registerUser(deps: Deps, input: RegisterInput, headers: Headers): Promise<void> {
  if (isCommonPassword(input.password)) throw new AppError("VALIDATION", MSG.commonPassword, { password: MSG.commonPassword });
  const invitation = input.invitationCode ? await checkInvitation(deps.db, input.email, input.invitationCode) : null;
  if (invitation && !invitation.valid) {
    const isRevoked = invitation.reason === "revoked";
    throw new AppError(
      "VALIDATION",
      isRevoked ? `${INVITATION_MSG.withdrawnTitle} ${INVITATION_MSG.withdrawnText}` : `${MSG.invitationInvalidTitle} ${MSG.invitationInvalidText}`,
    );
  }
  const firmCode = input.invitationCode ? undefined : input.firmCode;
  const firm = firmCode ? await findFirmByCode(deps.db, firmCode) : null;
  if (firmCode && !firm) throw new AppError("VALIDATION", MSG.invalidFirmCode, { firmCode: MSG.invalidFirmCode });
  let userId: string;
  try {
    const result = await deps.auth.api.signUpEmail({ body: { name: input.name, email: input.email, password: input.password }, headers });
    userId = result.user.id;
  } catch (err) {
    if (err instanceof APIError) throw new AppError("VALIDATION", err.message);
    throw err;
  }
  // For an address that already had an account, better-auth answers with a synthetic user
  // whose id matches no profile, so this changes nothing.
  if (input.invitationCode) await acceptInvitation(deps.db, userId, input.email, input.invitationCode);
  else if (firm) await joinFirmAsClient(deps.db, userId, firm.id, "registration");
}
