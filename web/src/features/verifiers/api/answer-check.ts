import { useMutation } from "@tanstack/react-query";
import { api } from "@/lib/api-client";

/** The yearly one-click "Yes, I can still be reached" (single use). */
export const answerCheck = (token: string) =>
  api<{ ok: true }>("/api/verifier/check", { method: "POST", body: { token } });

export const useAnswerCheck = () => useMutation({ mutationFn: answerCheck });
