import type { SessionKeyView } from "@common/keys";
import { api } from "@/lib/api-client";

/** GET /api/vault/session-key: 32 bytes (base64) the server keeps for this session only. */
export const getSessionKey = () => api<SessionKeyView>("/api/vault/session-key");
