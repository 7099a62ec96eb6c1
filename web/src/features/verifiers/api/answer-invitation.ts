import type { VerifierAnswerInput } from "@common/verifiers";
import { useMutation } from "@tanstack/react-query";
import { api } from "@/lib/api-client";

/** Accepts or declines with the e-mailed code; the link is used up. */
export const answerInvitation = (input: VerifierAnswerInput) =>
  api<{ ok: true }>("/api/verifier/answer", { method: "POST", body: input });

export const useAnswerInvitation = () => useMutation({ mutationFn: answerInvitation });
