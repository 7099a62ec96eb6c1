import type { WrapItemsInput } from "@common/keys";
import { api } from "@/lib/api-client";

/** PUT /api/keys/beneficiaries/:id/items: content keys wrapped for this key (at most WRAP_ITEMS_MAX per request). */
export const wrapItems = (keyId: string, input: WrapItemsInput) =>
  api<{ wrapped: number }>(`/api/keys/beneficiaries/${encodeURIComponent(keyId)}/items`, {
    method: "PUT",
    body: input,
  });
