import type { QueryClient } from "@tanstack/react-query";
import { EXPORT_FILES, VAULT_ARCHIVE } from "@common/export";
import { downloadAssetFile } from "@/features/assets/api/download-asset-file";
import { eachAssetContent } from "@/features/assets/api/list-asset-contents";
import { listAssetsQueryOptions } from "@/features/assets/api/list-assets";
import { assetFilePath } from "@/features/assets/api/upload-asset-file";
import { openMessageQueryOptions } from "@/features/assets/messages/api/open-message";
import { fetchOwnedTitles } from "@/features/assets/titles/use-opened-titles";
import { dataKeyQueryOptions } from "@/lib/keys/api/get-data-key";
import { errorMessage } from "@/lib/api-client";
import { sealVaultArchive } from "@/lib/crypto/vault-archive";
import { isoDay } from "@/lib/format";
import { readmeText } from "./export-files";
import { planExport, type OpenedItem } from "./plan-export";
import { createZipWriter } from "./zip-writer";

/**
 * Items done of all the vault's items (an item with files is done once they are in), then
 * `isSealing` while an encrypted archive's key is derived and the ZIP encrypted.
 */
export type ExportProgress = { done: number; total: number; isSealing?: boolean };

export type ExportVaultInput = {
  queryClient: QueryClient;
  email: string;
  onProgress: (progress: ExportProgress) => void;
  signal: AbortSignal;
  /** Set: the ZIP is sealed as an encrypted archive (.lvault, decision 055) under this password. */
  archivePassword?: string;
};
export type ExportedVault = { zip: Blob; fileName: string; failures: string[] };

const te = new TextEncoder();
const FILE_NOUN = {
  document: "file",
  recording: "voice recording",
  attachment: "attachment",
  media: "recording or video",
};

/**
 * The whole vault as one ZIP, made here (docs/decisions/044-vault-export.md): the items' metadata
 * with their titles opened, every content decrypted with the data key (eachAssetContent), every file downloaded as
 * ciphertext and decrypted (downloadAssetFile), laid out by planExport. What does not open or
 * download is listed in README.txt rather than failing the rest. Loaded on demand (fflate).
 */
export async function exportVault({
  queryClient,
  email,
  onProgress,
  signal,
  archivePassword,
}: ExportVaultInput): Promise<ExportedVault> {
  const exportedAt = new Date().toISOString();
  const list = await queryClient.fetchQuery({ ...listAssetsQueryOptions(), staleTime: 0 });
  const total = list.length;
  let done = 0;
  onProgress({ done, total });
  const dataKey = await queryClient.fetchQuery(dataKeyQueryOptions());
  // Titles are sealed (decision 080): opened here, as the lists open them.
  const assets = await fetchOwnedTitles(queryClient, list, dataKey, signal);
  signal.throwIfAborted();
  const byId = new Map(assets.map((a) => [a.id, a]));

  const items: OpenedItem[] = [];
  const keys = new Map<string, CryptoKey>();
  const failures: string[] = [];
  for await (const { id, opened } of eachAssetContent(dataKey, { signal })) {
    const asset = byId.get(id);
    if (!asset) continue; // stored after the list was read: the next export has it
    if (asset.type === "message") {
      // a message opens with its own key MK: the item key and the server's waiting share (decision 089)
      try {
        const message = await queryClient.fetchQuery(openMessageQueryOptions(id, dataKey));
        const { content, schedule, messageKey } = message;
        items.push({ type: "message", asset, content, schedule });
        keys.set(id, messageKey);
        if (asset.files.length === 0) onProgress({ done: ++done, total });
      } catch (err) {
        signal.throwIfAborted();
        failures.push(
          `"${asset.title}" (message): ${errorMessage(err, "it could not be opened")}.`,
        );
        onProgress({ done: ++done, total });
      }
      continue;
    }
    if (!opened) failures.push(`"${asset.title}" (${asset.type}): it could not be decrypted.`);
    else {
      items.push({ type: asset.type, asset, content: opened.content } as OpenedItem);
      keys.set(id, opened.contentKey);
    }
    if (!opened || asset.files.length === 0) onProgress({ done: ++done, total });
  }

  const plan = planExport(items, exportedAt);
  const zip = createZipWriter();
  for (const t of plan.texts)
    zip.add(t.path, te.encode(t.text), { ...t, contentType: "text/plain" });
  // Items whose files the plan leaves out (none stored) are done now; the rest once their last file is in.
  const withFiles = new Set(plan.files.map((f) => f.asset.id));
  done = total - withFiles.size;
  onProgress({ done, total });
  for (const [i, entry] of plan.files.entries()) {
    const { asset, kind, contentType } = entry;
    try {
      const blob = await downloadAssetFile({
        url: assetFilePath(asset.id, kind),
        contentKey: keys.get(asset.id) as CryptoKey,
        contentType,
        signal,
      });
      zip.add(entry.path, new Uint8Array(await blob.arrayBuffer()), entry);
    } catch (err) {
      signal.throwIfAborted();
      const why = errorMessage(err, "it could not be downloaded");
      failures.push(`"${asset.title}" (${asset.type}): its ${FILE_NOUN[kind]}: ${why}`);
    }
    if (plan.files[i + 1]?.asset.id !== asset.id) onProgress({ done: ++done, total });
  }
  signal.throwIfAborted();

  const counts = { passwords: 0, documents: 0, notes: 0, estate: 0, messages: 0, wishes: 0 };
  const countKey = {
    password: "passwords",
    document: "documents",
    note: "notes",
    estate: "estate",
    message: "messages",
    wishes: "wishes",
  } as const;
  for (const item of items) counts[countKey[item.type]]++;
  const readme = readmeText({ exportedAt, email, counts, failures });
  zip.add(EXPORT_FILES.readme, te.encode(readme), { mtime: exportedAt, contentType: "text/plain" });
  const fileName = `legacy-vault-export-${isoDay()}`;
  if (archivePassword === undefined)
    return { zip: zip.finish(), fileName: `${fileName}.zip`, failures };
  onProgress({ done, total, isSealing: true });
  const plain = new Uint8Array(await zip.finish().arrayBuffer());
  const sealed = await sealVaultArchive(plain, archivePassword);
  signal.throwIfAborted();
  return {
    zip: new Blob([sealed], { type: VAULT_ARCHIVE.mediaType }),
    fileName: `${fileName}${VAULT_ARCHIVE.extension}`,
    failures,
  };
}
