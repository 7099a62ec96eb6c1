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

/**
 * A client invitation to an address that already has an account (docs/decisions/094): there is
 * nothing to create. The link opens /join-firm, which shows what the firm would see and joins only
 * when the person agrees; someone already in a firm is told they must leave it first. Only the
 * invitee reads this: the firm's preview and lists treat every address alike.
 */
export function accountInvitationMail(
  input: Omit<InvitationMailInput, "role" | "note"> & { isInAFirm: boolean },
): Mail {
  const { appUrl, to, firmName, token, expiresAt, inviterName, isInAFirm } = input;
  const link = `${appUrl}/join-firm?invitation=${encodeURIComponent(token)}`;
  return composeMail(
    {
      template: "invitation-existing-account",
      to,
      subject: `You're invited to join ${firmName} on Legacy Vault`,
      expiresAt,
    },
    [
      {
        text: `${inviterName} has invited you to join ${firmName} on Legacy Vault as a client. You already have a Legacy Vault account with this address, so there is nothing to create.`,
      },
      {
        text: isInAFirm
          ? `Your account belongs to another law firm, and an account can belong to only one. To join ${firmName}, first leave your current firm from your profile, then open this link.`
          : `Sign in, then you will see what ${firmName} could see of your account; nothing is shared unless you agree.`,
      },
      { link, label: "Review the invitation" },
      {
        text: `The invitation works once, only for ${to}, and expires in ${INVITATION_TTL_DAYS} days.`,
      },
    ],
  );
}
