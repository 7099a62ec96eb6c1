import type { PendingInvitation } from "../../common/invitation-schemas.js";
import type { invitations } from "../db/schema/index.js";

/** Who was invited, as what, when, until when: never the token's hash, the note or the inviter. */
export function presentPendingInvitation(r: typeof invitations.$inferSelect): PendingInvitation {
  return { id: r.id, email: r.email, role: r.role, sentAt: r.sentAt.toISOString(), expiresAt: r.expiresAt.toISOString() };
}
