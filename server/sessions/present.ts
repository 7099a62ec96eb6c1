import { networkOf, type SessionView } from "../../common/sessions.js";
import type { OwnSessionRow } from "./queries.js";

/** A session row as the owner sees it: no token, and the network rather than the address. */
export function presentSession(row: OwnSessionRow, currentId: string | null): SessionView {
  return {
    id: row.id,
    userAgent: row.userAgent,
    network: networkOf(row.ipAddress),
    signedInAt: row.createdAt.toISOString(),
    lastSeenAt: row.lastSeenAt.toISOString(),
    isCurrent: row.id === currentId,
  };
}
