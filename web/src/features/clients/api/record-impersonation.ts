import { useMutation } from "@tanstack/react-query";
import { api } from "@/lib/api-client";

/** Tells the server that a firm user starts or stops viewing a client's dashboard (audited). */
export const recordImpersonation = ({ clientId, active }: { clientId: string; active: boolean }) =>
  api<{ ok: true }>(`/api/clients/${encodeURIComponent(clientId)}/impersonation`, {
    method: "POST",
    body: { active },
  });

export const useRecordImpersonation = () => useMutation({ mutationFn: recordImpersonation });
