import type { PendingEmailChangeView } from "../../common/email-change.js";
import type { selectPending } from "./queries.js";

type PendingRow = Awaited<ReturnType<typeof selectPending>>;

/** A waiting change as the profile shows it: the address asked for and when its link expires. */
export const presentPending = (row: PendingRow): PendingEmailChangeView => ({
  pending: row
    ? {
        newEmail: row.newEmail,
        requestedAt: row.createdAt.toISOString(),
        expiresAt: row.confirmExpiresAt.toISOString(),
      }
    : null,
});
