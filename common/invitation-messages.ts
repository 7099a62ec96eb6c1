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
} as const;
