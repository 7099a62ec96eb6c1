import type { Role } from "../../common/app.js";
import { INVITATION_TTL_DAYS } from "../../common/invitations.js";
import { composeMail, type Mail, type MailBrand } from "../mail/templates.js";

const ROLE_NAMES: Record<Role, string> = {
  firm_admin: "a firm administrator",
  firm_staff: "a staff member",
  firm_assistant: "a read-only assistant",
  regular_user: "a client",
};

export type InvitationMailInput = {
  appUrl: string;
  to: string;
  firmName: string;
  role: Role;
  token: string;
  /** The invitation's own expiry, as stored with it. */
  expiresAt: Date;
  inviterName: string;
  note?: string;
  /** The firm's name and colour for the message's look (decision 095). */
  brand?: MailBrand;
};

export function invitationMail({
  appUrl,
  to,
  firmName,
  role,
  token,
  expiresAt,
  inviterName,
  note,
  brand,
}: InvitationMailInput): Mail {
  const link = `${appUrl}/register?email=${encodeURIComponent(to)}&code=${encodeURIComponent(token)}`;
  return composeMail(
    {
      template: "invitation",
      to,
      subject: `You're invited to join ${firmName} on Legacy Vault`,
      expiresAt,
    },
    [
      {
        text: `${inviterName} has invited you to join ${firmName} on Legacy Vault as ${ROLE_NAMES[role]}.`,
      },
      ...(note ? [{ text: `Their note: “${note}”` }] : []),
      { link, label: "Accept the invitation and create your account" },
      {
        text: `The invitation works once, only for ${to}, and expires in ${INVITATION_TTL_DAYS} days.`,
      },
    ],
    brand,
  );
}
