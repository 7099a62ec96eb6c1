import type { SessionKeyView } from "@common/keys";
import { api } from "@/lib/api-client";

/**
 * GET /api/legacy/tab-key: 32 bytes (base64) the server keeps for this portal session only (or,
 * for an account with a confirmed address, its session's key): they wrap the access keys kept in
 * this tab (decision 075). 401 without a live session.
 */
export const getTabKey = () =>
  api<SessionKeyView>("/api/legacy/tab-key").then((view) => view.sessionKey);
