import type { ChangePasswordKeysInput } from "@common/keys";
import { api } from "@/lib/api-client";

/** POST /api/vault/key/password: the new sign-in secret, KDF and password wrap of DK in one go; other sessions end. */
export const changePasswordKeys = (input: ChangePasswordKeysInput) =>
  api<unknown>("/api/vault/key/password", { method: "POST", body: input });
