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
  // Pending invitations: listed, resent and revoked by the firm's admins (issue 10, finding 11).
  pendingTitle: "Pending invitations",
  pendingDescription: "Sent and not yet accepted. Resend one for a fresh link (the old one stops working), or revoke it.",
  noPending: "No pending invitations",
  loadFailed: "Failed to load invitations",
  notPending: "This invitation is no longer pending",
  /** Staff inviting again an address whose invitation an admin took back: only an admin can (docs/decisions/022). */
  adminMustReinvite: "Only an admin of your firm can invite this address again. Ask one of your firm's admins.",
  resent: (email: string) => `Invitation sent again to ${email}`,
  resendFailed: "Failed to resend invitation",
  revokeTitle: "Revoke this invitation?",
  revokeText: (email: string) => `The link sent to ${email} stops working at once. You can invite them again later.`,
  revoked: (email: string) => `Invitation to ${email} revoked`,
  revokeFailed: "Failed to revoke invitation",
  /** What a revoked link shows, on /register and in the API's answer. */
  withdrawnTitle: "Invitation withdrawn.",
  withdrawnText: "Your firm took this invitation back, so this link no longer works. Ask your firm for a new one.",
} as const;
