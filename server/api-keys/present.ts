import { API_SCOPES, type ApiKeyView, type ApiScope } from "../../common/firm-api.js";
import type { ApiKeyRow } from "./queries.js";

const isScope = (s: string): s is ApiScope => (API_SCOPES as readonly string[]).includes(s);

/** A key for the admin's list: never its hash. */
export const presentApiKey = (row: ApiKeyRow): ApiKeyView => ({
  id: row.id,
  name: row.name,
  scopes: row.scopes.filter(isScope),
  createdAt: row.createdAt.toISOString(),
  lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
  revokedAt: row.revokedAt?.toISOString() ?? null,
});
