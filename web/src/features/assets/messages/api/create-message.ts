import { titleAdditionalData } from "@common/assets";
import type { AssetView } from "@common/assets";
import type { MessageContent, MessageDelivery } from "@common/messages";
import { useMutation, useQueryClient, type QueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { deriveMessageKey, newWaitingShare, rawKeyOf } from "@/lib/crypto/message-keys";
import {
  encryptJson,
  encryptText,
  newContentKey,
  toBase64,
  wrapContentKey,
} from "@/lib/crypto/vault-crypto";
import { fetchDataKeyOrAsk } from "@/lib/keys/api/get-data-key";
import { invalidateBeneficiaryKeys, peopleOfNewItem } from "../../beneficiary-wrap";
import { useNewItemCatalogue } from "../../components/item-access";
import { assetsQueryKey } from "../../api/list-assets";
import type { UploadProgress } from "../../api/upload-asset-file";
import { uploadAssetFileInChunks } from "../../api/upload-asset-file-in-chunks";
import { putMessageSchedule } from "./put-message-schedule";

export type CreateMessageInput = {
  title: string;
  recipients: string[];
  content: MessageContent;
  delivery: MessageDelivery;
  /** The recording or video, with its type as the vault's rules name it. */
  media: { blob: Blob; contentType: string } | null;
  onProgress?: (progress: UploadProgress) => void;
  /** Of the recipients, those told only that it exists (decision 098): never given its key. */
  catalogueEmails?: string[];
};

/**
 * A new message (docs/decisions/089), all sealed here: a new item key CK (wrapped for the data key
 * and each recipient's beneficiary key, as any item's), the title under CK, and the content and the
 * recording under MK = HKDF(CK, W); then the recording, then W and when to deliver it.
 */
export async function createMessage(queryClient: QueryClient, input: CreateMessageInput) {
  const dataKey = await fetchDataKeyOrAsk(queryClient);
  const id = crypto.randomUUID();
  const itemKey = await newContentKey();
  const waitingShare = newWaitingShare();
  const messageKey = await deriveMessageKey(await rawKeyOf(itemKey), waitingShare, id);
  const wrappedKey = await wrapContentKey(itemKey, dataKey, id);
  const { beneficiaryKeys, catalogue } = await peopleOfNewItem(queryClient, {
    assetId: id,
    wrappedKey,
    dataKey,
    title: input.title.trim(),
    beneficiaryEmails: input.recipients,
    catalogueEmails: input.catalogueEmails ?? [],
  });
  const { asset } = await api<{ asset: AssetView }>("/api/assets", {
    method: "POST",
    body: {
      id,
      type: "message",
      encryptedTitle: toBase64(
        await encryptText(itemKey, input.title.trim(), titleAdditionalData(id)),
      ),
      beneficiaryEmails: input.recipients,
      wrappedKey: toBase64(wrappedKey),
      encryptedData: toBase64(await encryptJson(messageKey, input.content)),
      beneficiaryKeys,
      ...(catalogue.length ? { catalogue } : {}),
    },
  });
  // W first: without it on the server the message would open for nobody, its owner included
  await putMessageSchedule(id, { delivery: input.delivery, waitingShare });
  // the recording in encrypted chunks (docs/decisions/108), sealed with MK, not CK
  if (input.media)
    await uploadAssetFileInChunks({
      assetId: id,
      kind: "media",
      contentKey: messageKey,
      file: input.media.blob,
      contentType: input.media.contentType,
      onProgress: input.onProgress,
    });
  return asset;
}

/** The save of a new message's form: its recipients' choices (decision 098) go with it. */
export function useCreateMessage() {
  const qc = useQueryClient();
  const catalogueOf = useNewItemCatalogue();
  return useMutation({
    mutationFn: (input: CreateMessageInput) =>
      createMessage(qc, {
        ...input,
        catalogueEmails: input.catalogueEmails ?? catalogueOf(input.recipients),
      }),
    onSuccess: (_, input) => {
      if (input.recipients.length) void invalidateBeneficiaryKeys(qc);
      return qc.invalidateQueries({ queryKey: assetsQueryKey });
    },
  });
}
