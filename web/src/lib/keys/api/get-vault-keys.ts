import type { DataKeyView } from "@common/keys";
import { api } from "@/lib/api-client";

/** GET /api/vault/key: the signed-in owner's wrapped data key, its KDF, or (not moved over) the escrowed copy. */
export const getVaultKeys = () => api<DataKeyView>("/api/vault/key");
