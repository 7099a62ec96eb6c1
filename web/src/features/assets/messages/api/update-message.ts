import type { MessageContent, MessageDelivery } from "@common/messages";
import { useMutation, useQueryClient, type QueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { encryptJson, fromBase64, toBase64, unwrapContentKey } from "@/lib/crypto/vault-crypto";
import { fetchDataKeyOrAsk } from "@/lib/keys/api/get-data-key";
import type { AssetView } from "@common/assets";
import { sealedTitleOrNone } from "../../api/update-asset";
import { assetsQueryKey } from "../../api/list-assets";
import { beneficiaryKeysFor, invalidateBeneficiaryKeys } from "../../beneficiary-wrap";
import type { OpenedMessageItem } from "./open-message";
import { putMessageSchedule } from "./put-message-schedule";

export type UpdateMessageInput = {
  /** The message as its page opened it: its item key's wrap, MK, the schedule with W. */
  opened: OpenedMessageItem;
  title: string;
  recipients: string[];
  content: MessageContent;
  delivery: MessageDelivery;
};

const sameDelivery = (a: MessageDelivery, b: MessageDelivery) =>
  JSON.stringify(a) === JSON.stringify(b);

/**
 * A saved message, changed before its day (docs/decisions/089): the title sealed again under the
 * item key CK, the content under the same MK (CK and W do not change, so nothing already wrapped
 * for a recipient changes either), a recipient added given CK wrapped for their key, and the
 * schedule sent again only when the day changed. The recording stays as it is.
 */
export async function updateMessage(queryClient: QueryClient, input: UpdateMessageInput) {
  const { asset, messageKey, schedule } = input.opened;
  const id = asset.id;
  const dataKey = await fetchDataKeyOrAsk(queryClient);
  const wrappedKey = fromBase64(asset.wrappedKey);
  const itemKey = await unwrapContentKey(wrappedKey, dataKey, id);
  const beneficiaryKeys = await beneficiaryKeysFor(queryClient, {
    assetId: id,
    wrappedKey,
    beneficiaryEmails: input.recipients,
    previousBeneficiaryEmails: asset.beneficiaryEmails,
    isNewContentKey: false,
  });
  await api<{ asset: AssetView }>(`/api/assets/${encodeURIComponent(id)}`, {
    method: "PATCH",
    body: {
      encryptedTitle: await sealedTitleOrNone(itemKey, id, input.title),
      beneficiaryEmails: input.recipients,
      encryptedData: toBase64(await encryptJson(messageKey, input.content)),
      beneficiaryKeys,
    },
  });
  if (schedule && !sameDelivery(schedule.delivery, input.delivery))
    await putMessageSchedule(id, {
      delivery: input.delivery,
      waitingShare: fromBase64(schedule.waitingShare),
    });
}

export function useUpdateMessage() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: UpdateMessageInput) => updateMessage(qc, input),
    onSuccess: () => {
      void invalidateBeneficiaryKeys(qc);
      return qc.invalidateQueries({ queryKey: assetsQueryKey });
    },
  });
}
