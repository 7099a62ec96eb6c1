import { useMutation } from "@tanstack/react-query";
import type { Role } from "@common/constants";
import { api } from "@/lib/api-client";

export type CreateInvitationInput = { email: string; role: Role; note?: string };

/** E-mails an invitation link to join the signed-in user's firm with `role` (staff may invite clients only). */
export const createInvitation = (input: CreateInvitationInput) => api<{ success: true }>("/api/invitations", { method: "POST", body: input });

/** Nothing lists invitations yet, so there is no query to invalidate. */
export const useCreateInvitation = () => useMutation({ mutationFn: createInvitation });
