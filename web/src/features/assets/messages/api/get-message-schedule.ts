import type { MessageScheduleView } from "@common/messages";
import { api } from "@/lib/api-client";

/** GET /api/messages/:id/schedule: the owner's own message's schedule and waiting share. */
export const getMessageSchedule = (id: string) =>
  api<MessageScheduleView>(`/api/messages/${encodeURIComponent(id)}/schedule`);
