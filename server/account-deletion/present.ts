import type { AccountDeletionView } from "../../common/account-deletion.js";

/** The pending deletion as the person's browser sees it (never the cancel link's hash). */
export function presentAccountDeletion(
  row: { requestedAt: Date; eraseAt: Date } | null,
): AccountDeletionView {
  if (!row) return { pending: null };
  return {
    pending: { requestedAt: row.requestedAt.toISOString(), eraseAt: row.eraseAt.toISOString() },
  };
}
