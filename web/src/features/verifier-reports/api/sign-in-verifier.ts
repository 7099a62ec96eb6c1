import { useMutation } from "@tanstack/react-query";
import { api } from "@/lib/api-client";

/** The address and its code: a 30-minute session for the verifiers' page (kept in memory only). */
export const signInVerifier = (input: { email: string; code: string }) =>
  api<{ session: string }>("/api/verifier/report/sign-in", { method: "POST", body: input });

export const useSignInVerifier = () => useMutation({ mutationFn: signInVerifier });
