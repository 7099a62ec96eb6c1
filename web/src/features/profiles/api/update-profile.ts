import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { ProfileUpdateInput } from "@common/profiles";
import { api } from "@/lib/api-client";
import { meQueryKey, type Me } from "@/lib/me";

/** Name, phone and address; empty phone and address are sent as null. */
export const updateProfile = (input: ProfileUpdateInput) =>
  api<{ user: Me }>("/api/profile", { method: "PATCH", body: input });

export function useUpdateProfile() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: ({ user }) => {
      qc.setQueryData(meQueryKey, user);
      return qc.invalidateQueries({ queryKey: meQueryKey });
    },
  });
}
