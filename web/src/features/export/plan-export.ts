import { openedEstate } from "@/features/assets/estate/opened-estate";
import type { OpenedAssetView } from "@/features/assets/titles/open-titles";
import type { AssetFileKind } from "@common/assets/files";
import type { DocumentContent } from "@common/assets/documents";
import type { EstateContent } from "@common/assets/estate";
import { openedWishes, wishesText, type WishesContent } from "@common/assets/wishes";
import { estateCsv } from "@common/assets/estate-csv";
import type { NoteContent } from "@common/assets/notes";
import type { PasswordContent } from "@common/assets/passwords";
import type { MessageScheduleView, OpenedMessage } from "@common/messages";
import { EXPORT_FILES, type ExportedPassword } from "@common/export";
import { passwordsCsv } from "./csv";
import {
  documentNotesText,
  messageMarkdown,
  noteMarkdown,
  passwordsJson,
  toExportedPassword,
} from "./export-files";
import {
  safeFileName,
  splitExtension,
  takeFileName,
  takeStem,
  type FolderNames,
} from "./file-names";

/** An item of the vault, decrypted. */
export type OpenedItem =
  | { type: "password"; asset: OpenedAssetView; content: PasswordContent }
  | { type: "document"; asset: OpenedAssetView; content: DocumentContent }
  | { type: "note"; asset: OpenedAssetView; content: NoteContent }
  | { type: "estate"; asset: OpenedAssetView; content: EstateContent }
  | {
      type: "message";
      asset: OpenedAssetView;
      content: OpenedMessage;
      schedule: MessageScheduleView | null;
    }
  | { type: "wishes"; asset: OpenedAssetView; content: WishesContent };

/** A text the ZIP holds, made here. */
export type TextEntry = { path: string; mtime: string; text: string };
/** A file of an item, to download and decrypt: the ZIP holds it under `path`. */
export type FileEntry = {
  path: string;
  mtime: string;
  asset: OpenedAssetView;
  kind: AssetFileKind;
  contentType: string;
};
export type ExportPlan = { texts: TextEntry[]; files: FileEntry[]; passwords: ExportedPassword[] };

const byTitle = (a: OpenedItem, b: OpenedItem) =>
  a.asset.title.localeCompare(b.asset.title) || a.asset.createdAt.localeCompare(b.asset.createdAt);
const hasFile = (asset: OpenedAssetView, kind: AssetFileKind) =>
  asset.files.some((f) => f.kind === kind);

/**
 * Where everything goes in the ZIP (README.txt aside, written last): passwords.json and .csv,
 * documents/<file name>, notes/<title>.md with notes/<title>/<its files>, messages/<title>.md
 * with messages/<title>/<its recording or video>. Names are made safe
 * and unique per folder; items go in title order, so the same vault gives the same names.
 */
export function planExport(items: readonly OpenedItem[], exportedAt: string): ExportPlan {
  const sorted = [...items].sort(byTitle);
  const passwords = sorted.flatMap((i) =>
    i.type === "password" ? [toExportedPassword(i.asset, i.content)] : [],
  );
  const texts: TextEntry[] = [
    { path: EXPORT_FILES.passwordsJson, mtime: exportedAt, text: passwordsJson(passwords) },
    { path: EXPORT_FILES.passwordsCsv, mtime: exportedAt, text: passwordsCsv(passwords) },
  ];
  const estate = sorted.flatMap((i) =>
    i.type === "estate" ? [{ title: i.asset.title, content: openedEstate(i.content) }] : [],
  );
  if (estate.length)
    texts.push({ path: EXPORT_FILES.estateCsv, mtime: exportedAt, text: estateCsv(estate) });
  const wishes = sorted.find((i) => i.type === "wishes");
  if (wishes)
    texts.push({
      path: EXPORT_FILES.wishesText,
      mtime: exportedAt,
      text: wishesText(openedWishes(wishes.content)),
    });
  const files: FileEntry[] = [];
  const documentNames: FolderNames = new Set();
  const noteNames: FolderNames = new Set();
  const messageNames: FolderNames = new Set();
  for (const item of sorted) {
    const { asset } = item;
    const mtime = asset.updatedAt;
    if (item.type === "document" && hasFile(asset, "document")) {
      const { content } = item;
      const safe = safeFileName(content.fileName, safeFileName(asset.title, "document"));
      const { stem, ext } = splitExtension(safe);
      const notesSuffix = " (notes).txt";
      const hasNotes = !!content.notes.trim();
      const unique = takeStem(documentNames, stem, hasNotes ? [ext, notesSuffix] : [ext]);
      const folder = EXPORT_FILES.documents;
      files.push({
        path: `${folder}/${unique}${ext}`,
        mtime,
        asset,
        kind: "document",
        contentType: content.contentType,
      });
      if (hasNotes)
        texts.push({
          path: `${folder}/${unique}${notesSuffix}`,
          mtime,
          text: documentNotesText(asset, `${unique}${ext}`, content.notes),
        });
    }
    if (item.type === "note") {
      const { content } = item;
      const stem = takeStem(noteNames, safeFileName(asset.title, "note"), [".md", ""]);
      const folder = `${EXPORT_FILES.notes}/${stem}`;
      const inFolder: FolderNames = new Set();
      const links: { label: string; name: string }[] = [];
      const addFile = (kind: AssetFileKind, label: string, name: string, contentType: string) => {
        if (!hasFile(asset, kind)) return;
        const unique = takeFileName(inFolder, name, kind);
        files.push({ path: `${folder}/${unique}`, mtime, asset, kind, contentType });
        links.push({ label, name: unique });
      };
      const { audioRecording: recording, attachment } = content;
      addFile(
        "recording",
        "Voice recording",
        "recording.webm",
        recording?.contentType ?? "audio/webm",
      );
      if (attachment)
        addFile("attachment", attachment.fileName, attachment.fileName, attachment.contentType);
      texts.push({
        path: `${EXPORT_FILES.notes}/${stem}.md`,
        mtime,
        text: noteMarkdown({ asset, text: content.text, folder: stem, files: links }),
      });
    }
    if (item.type === "message") {
      const { content, schedule } = item;
      const stem = takeStem(messageNames, safeFileName(asset.title, "message"), [".md", ""]);
      let media: string | null = null;
      if (content.format !== "letter" && hasFile(asset, "media")) {
        const fallback = content.format === "video" ? "video.webm" : "recording.webm";
        media = safeFileName(content.media?.name ?? "", fallback); // alone in its folder
        files.push({
          path: `${EXPORT_FILES.messages}/${stem}/${media}`,
          mtime,
          asset,
          kind: "media",
          contentType:
            content.media?.type ?? (content.format === "video" ? "video/webm" : "audio/webm"),
        });
      }
      texts.push({
        path: `${EXPORT_FILES.messages}/${stem}.md`,
        mtime,
        text: messageMarkdown({ asset, content, schedule, folder: stem, media }),
      });
    }
  }
  return { texts, files, passwords };
}
