import type { MessageScheduleListView } from "@common/messages";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { assetsQueryKey } from "../../api/list-assets";

export const listMessageSchedules = () => api<MessageScheduleListView>("/api/messages");

export const messageSchedulesQueryOptions = () =>
  queryOptions({
    queryKey: [...assetsQueryKey, "message-schedules"],
    queryFn: listMessageSchedules,
  });

export const useMessageSchedules = () => useQuery(messageSchedulesQueryOptions());
