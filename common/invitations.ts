/** Invitations to join a firm (spec 02 §5): sent, listed, resent and revoked by the firm; checked and accepted on /register. */
import { z } from "zod";
import { emailSchema } from "./auth-schemas.js";
import { ROLES, type Role } from "./app.js";

/* ---------- constants ---------- */

export const INVITATION_TTL_DAYS = 7;

/* ---------- messages ---------- */

/** Invitation texts, worded as the specification words them. */
export const INVITATION_MSG = {
  alreadyAccepted: "This email has already accepted an invitation to your firm",
  notAssociated: "You are not associated with a firm",
  noFirmDetails: "Failed to retrieve firm details",
  sendFailed: "Failed to send invitation",
  sent: (email: string) => `Invitation sent to ${email}`,
  emailRequired: "Please enter an email address",
  emailAndRole: "Please enter an email address and select a role",
  invalidEmail: "Please enter a valid email address",
  expiresNotice: "The invitation expires in 7 days if not accepted.",
  noteTooLong: "Please keep the note under 1000 characters",
  clientRoleDescription: "Keeps their own vault and appears in your client list",
  // What a staff member's invite form says instead of a role choice (staff invite clients only).
  staffInvitesClients: "They will join your firm as a client.",
  onlyAdminsInviteStaff: "Only an administrator can invite staff.",
  // Pending invitations: listed, resent and revoked by the firm's admins (issue 10, finding 11).
  pendingTitle: "Pending invitations",
  pendingDescription:
    "Sent and not yet accepted. Resend one to e-mail it again and extend it to 7 days from now (links sent before keep working), or revoke it to end every link.",
  noPending: "No pending invitations",
  loadFailed: "Failed to load invitations",
  notPending: "This invitation is no longer pending",
  /** Staff inviting again an address whose invitation an admin took back: only an admin can (docs/decisions/022). */
  adminMustReinvite:
    "Only an admin of your firm can invite this address again. Ask one of your firm's admins.",
  resent: (email: string) => `Invitation sent again to ${email}`,
  resendFailed: "Failed to resend invitation",
  revokeTitle: "Revoke this invitation?",
  revokeText: (email: string) =>
    `The link sent to ${email} stops working at once. You can invite them again later.`,
  revoked: (email: string) => `Invitation to ${email} revoked`,
  revokeFailed: "Failed to revoke invitation",
  /** What a revoked link shows, on /register and in the API's answer. */
  withdrawnTitle: "Invitation withdrawn.",
  withdrawnText:
    "Your firm took this invitation back, so this link no longer works. Ask your firm for a new one.",
  /** What /register says of a link's check. */
  invitationValidTitle: "Valid invitation.",
  /** The spec's words for a staff or administrator invitation (spec 01 §2 /register). */
  invitationValidText: (firm: string) =>
    `You've been invited to join ${firm} as a firm administrator or staff member.`,
  /** A client invitation says so instead (issue 16, point 10). */
  invitationValidClientText: (firm: string) => `You've been invited to join ${firm} as a client.`,
  invitationInvalidTitle: "Invalid invitation.",
  invitationInvalidText: "The invitation code is invalid or has expired.",
} as const;

/* ---------- inputs ---------- */

/** Staff and client invitations (spec 02 §5): e-mail lower-cased, note trimmed and omitted when empty. */
export const sendInvitationSchema = z.object({
  email: z
    .string()
    .trim()
    .min(1, "Please enter an email address")
    .pipe(z.email("Please enter a valid email address"))
    .transform((s) => s.toLowerCase()),
  role: z.enum(ROLES, { message: "Please enter an email address and select a role" }),
  note: z
    .string()
    .trim()
    .max(1000)
    .optional()
    .transform((s) => (s ? s : undefined)),
});
export type SendInvitationInput = z.input<typeof sendInvitationSchema>;

/** POST /api/invitations/accept: a signed-in account without a firm accepts a client invitation sent to its address. */
export const acceptInvitationSchema = z.object({ code: z.string().min(10).max(200) });

export const checkInvitationSchema = z.object({
  email: emailSchema,
  code: z.string().min(10).max(200),
});

/* ---------- answers ---------- */

/** GET /api/invitations/check: valid for the invited e-mail only; a revoked link says so (it was the firm's choice). */
export type InvitationCheckResult =
  { valid: true; firmName: string; role: Role } | { valid: false; reason?: "revoked" };

/** One row of the admins' list of pending invitations (GET /api/invitations): not accepted, not revoked, not expired. */
export type PendingInvitationView = {
  id: string;
  email: string;
  role: Role;
  sentAt: string;
  expiresAt: string;
};
