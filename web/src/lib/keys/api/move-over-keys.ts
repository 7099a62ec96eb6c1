import type { MoveOverKeysInput } from "@common/keys";
import { api } from "@/lib/api-client";

/** POST /api/vault/key/move-over: the last time the password goes as is; the derived secret and the wraps replace it. */
export const moveOverKeys = (input: MoveOverKeysInput) =>
  api<unknown>("/api/vault/key/move-over", { method: "POST", body: input });
