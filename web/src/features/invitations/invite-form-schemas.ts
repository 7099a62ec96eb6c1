import { INVITATION_MSG } from "@common/invitations";
import { ROLES } from "@common/constants";
import { z } from "zod";

const email = (requiredMessage: string) => z.string().trim().min(1, requiredMessage).pipe(z.email(INVITATION_MSG.invalidEmail));

/** /staff/invite (spec 02 §5 Staff invite): e-mail and role required together, optional note. */
export const staffInviteFormSchema = z.object({
  email: email(INVITATION_MSG.emailAndRole),
  role: z.enum(["firm_staff", "firm_admin"], { message: INVITATION_MSG.emailAndRole }),
  note: z.string().trim().max(1000, INVITATION_MSG.noteTooLong),
});
export type StaffInviteForm = z.infer<typeof staffInviteFormSchema>;

/** /clients/invite (spec 02 §5 Client invite): e-mail required, any role the server allows the inviter. */
export const memberInviteFormSchema = z.object({
  email: email(INVITATION_MSG.emailRequired),
  role: z.enum(ROLES),
});
export type MemberInviteForm = z.infer<typeof memberInviteFormSchema>;
