import type { RegisterInput } from "@common/auth-schemas";
import type { AccountKeysInput } from "@common/keys";
import { api } from "@/lib/api-client";

/**
 * Creates a regular_user account (optionally tied to a firm by code or an invitation); the server
 * then e-mails a confirmation link. `password` is the sign-in secret derived in the browser and
 * `keys` the data key's wraps (decision 038): the password itself is never sent. No useMutation
 * hook: /register calls this directly (its first-visit JavaScript budget, decision 077).
 */
export const register = (input: RegisterInput & { keys?: AccountKeysInput }) =>
  api<{ ok: true }>("/api/register", { method: "POST", body: input });
