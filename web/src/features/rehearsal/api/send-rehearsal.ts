import type { RehearsalView } from "@common/rehearsal";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";

/** The test run: every e-mail of a release to the owner's own address, marked as a test. */
export const sendRehearsal = () =>
  api<RehearsalView>("/api/release/rehearsal", { method: "POST", body: {} });

/** The release plan's timeline shows the test run: it is read again after one. */
export function useSendRehearsal() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: sendRehearsal,
    onSuccess: () => qc.invalidateQueries({ queryKey: ["release"], exact: true }),
  });
}
