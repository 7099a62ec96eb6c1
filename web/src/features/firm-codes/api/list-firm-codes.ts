import type { FirmCodeView } from "@common/firm-codes";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";

/** The firm's codes, newest first (firm_admin only). Codes chosen before decision 018 may be padded with spaces. */
export const listFirmCodes = async () =>
  (await api<{ codes: FirmCodeView[] }>("/api/firm-codes")).codes;

export const firmCodesQueryKey = ["firm-codes"] as const;
export const firmCodesQueryOptions = () =>
  queryOptions({ queryKey: firmCodesQueryKey, queryFn: listFirmCodes });
export const useFirmCodes = (isEnabled = true) =>
  useQuery({ ...firmCodesQueryOptions(), enabled: isEnabled });
