import type { RegisterInput } from "@common/auth-schemas";
import { useMutation } from "@tanstack/react-query";
import { api } from "@/lib/api-client";

/** Creates a regular_user account (optionally tied to a firm by code); the server then e-mails a confirmation link. */
export const register = (input: RegisterInput) =>
  api<{ ok: true }>("/api/register", { method: "POST", body: input });

export const useRegister = () => useMutation({ mutationFn: register });
