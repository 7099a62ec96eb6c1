import type { MessageDelivery, MessageScheduleView } from "@common/messages";
import { api } from "@/lib/api-client";
import { toBase64 } from "@/lib/crypto/vault-crypto";

/** PUT /api/messages/:id/schedule: when the message is delivered, and its waiting share W. */
export const putMessageSchedule = (
  id: string,
  { delivery, waitingShare }: { delivery: MessageDelivery; waitingShare: Uint8Array },
) =>
  api<MessageScheduleView>(`/api/messages/${encodeURIComponent(id)}/schedule`, {
    method: "PUT",
    body: { delivery, waitingShare: toBase64(waitingShare) },
  });
