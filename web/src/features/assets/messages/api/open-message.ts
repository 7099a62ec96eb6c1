import {
  openedMessageSchema,
  type MessageScheduleView,
  type OpenedMessage,
} from "@common/messages";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { deriveMessageKey, rawKeyOf } from "@/lib/crypto/message-keys";
import { decryptJson, fromBase64, unwrapContentKey } from "@/lib/crypto/vault-crypto";
import { useDataKey } from "@/lib/keys/api/get-data-key";
import { plaintextMeta } from "@/lib/keys/vault-lock";
import { getAsset } from "../../api/get-asset";
import { assetsQueryKey } from "../../api/list-assets";
import { fetchOwnedTitles } from "../../titles/use-opened-titles";
import type { OpenedAssetView } from "../../titles/open-titles";
import { getMessageSchedule } from "./get-message-schedule";

export type OpenedMessageItem = {
  asset: OpenedAssetView;
  /** MK: opens the content and the recording or video. */
  messageKey: CryptoKey;
  content: OpenedMessage;
  schedule: MessageScheduleView | null;
};

/** The owner's message, opened here: CK with the data key, W from the server, MK from both. */
export const openMessageQueryOptions = (id: string, dataKey: CryptoKey | undefined) =>
  queryOptions({
    queryKey: [...assetsQueryKey, "message", id],
    queryFn: async ({ client }): Promise<OpenedMessageItem> => {
      if (!dataKey) throw new Error("no data key");
      const { encryptedData, ...asset } = await getAsset(id);
      const schedule = await getMessageSchedule(id);
      const itemKey = await unwrapContentKey(fromBase64(asset.wrappedKey), dataKey, id, true);
      const messageKey = await deriveMessageKey(
        await rawKeyOf(itemKey),
        fromBase64(schedule.waitingShare),
        id,
      );
      const content = openedMessageSchema.parse(
        await decryptJson<unknown>(messageKey, fromBase64(encryptedData)),
      );
      const [titled] = await fetchOwnedTitles(client, [asset], dataKey);
      if (!titled) throw new Error("no title");
      return { asset: titled, messageKey, content, schedule };
    },
    enabled: !!dataKey,
    staleTime: 0,
    gcTime: 0,
    meta: plaintextMeta,
    retry: false,
  });

export function useOpenMessage(id: string) {
  const key = useDataKey();
  const opened = useQuery(openMessageQueryOptions(id, key.data));
  return {
    ...opened,
    error: key.error ?? opened.error,
    isPending: key.isPending || opened.isPending,
  };
}
