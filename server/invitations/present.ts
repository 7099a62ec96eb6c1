import type { PendingInvitationView } from "../../common/invitations.js";
import type { invitations } from "../db/schema/index.js";

/** Who was invited, as what, when, until when: never the token's hash, the note or the inviter. */
export function presentPendingInvitation(
  r: typeof invitations.$inferSelect,
): PendingInvitationView {
  return {
    id: r.id,
    email: r.email,
    role: r.role,
    sentAt: r.sentAt.toISOString(),
    expiresAt: r.expiresAt.toISOString(),
  };
}
