/**
 * A client's link to a law firm (issue 15, point 9; docs/decisions/047-firm-consent.md): what the
 * firm sees and never sees, said before joining (by code or invitation), and leaving the firm from
 * the profile. Pure: used by server and web alike.
 */

/** What the firm's admins and staff see once a client has joined (the client list, client detail, 'View as Client'). */
export const FIRM_SEES = [
  "your profile: name, e-mail, phone and address",
  "the types of your passwords, documents and notes, and when they changed (never their titles)",
  "your beneficiaries' names",
  "your release state (and a firm administrator can attest for you)",
] as const;

/** What the firm never sees: vault content is encrypted in the browser with keys only the client holds (decision 038). */
export const FIRM_NEVER_SEES =
  "The content of your passwords, documents and notes: it is encrypted in your browser before it is stored, and the firm has no key to it.";

export const FIRM_CONSENT_MSG = {
  title: (firm: string) => `Join ${firm}?`,
  seesHeading: (firm: string) => `${firm} will see`,
  neverSeesHeading: "It never sees",
  /** Decision 041: the firm's own reference and notes about a client, which the client never reads. */
  keepsNotes: (firm: string) =>
    `${firm} may keep its own file reference and private notes about you, which you do not see.`,
  leaveAnyTime: "You can leave the firm at any time from your profile.",
  confirm: (firm: string) => `Join ${firm}`,
  /** /register with a firm code or a client's invitation: one form, so the statement sits by its button. */
  registerStatement: (firm: string) => `By creating your account you join ${firm}.`,
  registerStatementByCode:
    "By creating your account with a firm code you join the law firm whose code it is.",
  /** The firm of a code typed on /register, not looked up before the account is created. */
  firmOfCode: "The firm",
} as const;

export const FIRM_LEAVE_MSG = {
  cardTitle: "Your law firm",
  cardText: (firm: string) =>
    `You are a client of ${firm}. Its administrators and staff see your profile, the types of your items and when they changed, your beneficiaries' names and your release state.`,
  noFirmText:
    "You are not a client of any law firm. If a firm gave you a code, you can join it and let it act for you.",
  joinLink: "Join a firm",
  button: "Leave firm",
  title: (firm: string) => `Leave ${firm}?`,
  text: (firm: string) =>
    `${firm} loses access to your account at once: you leave its client list and nobody there can view your vault as client any more. Its administrators are told by e-mail. To join again you need a firm code or an invitation.`,
  confirm: "Leave firm",
  pending: "Leaving...",
  success: (firm: string) => `You left ${firm}`,
  failure: "Failed to leave the firm. Please try again.",
} as const;

/** POST /api/firm/leave: the firm the client has just left. */
export type LeftFirmView = { firm: { id: string; name: string } };
