import type { OpenedAssetView } from "@/features/assets/titles/open-titles";
import type { PasswordContent } from "@common/assets/passwords";
import { describeDelivery, type MessageScheduleView, type OpenedMessage } from "@common/messages";
import {
  EXPORT_FILES,
  PASSWORDS_EXPORT_FORMAT,
  PASSWORDS_EXPORT_VERSION,
  type ExportedPassword,
  type PasswordsExport,
} from "@common/export";

/** The texts of the export: passwords.json, each note's Markdown, README.txt. Pure. */

const orNull = (s: string) => (s.trim() ? s : null);

/** A password item as passwords.json holds it: what it has, null for what it leaves empty. */
export const toExportedPassword = (
  asset: OpenedAssetView,
  content: PasswordContent,
): ExportedPassword => ({
  title: asset.title,
  username: orNull(content.username),
  password: content.password,
  url: orNull(content.website),
  notes: orNull(content.notes),
  beneficiaryEmails: asset.beneficiaryEmails,
  createdAt: asset.createdAt,
  updatedAt: asset.updatedAt,
});

export const passwordsJson = (items: ExportedPassword[]): string =>
  JSON.stringify(
    {
      format: PASSWORDS_EXPORT_FORMAT,
      version: PASSWORDS_EXPORT_VERSION,
      items,
    } satisfies PasswordsExport,
    null,
    2,
  ) + "\n";

/** A link to a file beside the note (in the note's folder); the destination in <>, so spaces stay readable. */
const mdLink = (label: string, folder: string, name: string) =>
  `[${label.replace(/[[\]\\]/g, "\\$&")}](<${folder}/${name}>)`;

export type NoteMarkdownInput = {
  asset: OpenedAssetView;
  text: string;
  /** The folder beside the .md that holds its files (its name, relative). */
  folder: string;
  /** The note's files in that folder, as [label, file name]. */
  files: readonly { label: string; name: string }[];
};

/** notes/<title>.md: the title, who it is for, its dates, the text as written, links to its files. */
export function noteMarkdown({ asset, text, folder, files }: NoteMarkdownInput): string {
  const lines = [
    `# ${asset.title}`,
    "",
    `- Beneficiaries: ${asset.beneficiaryEmails.join(", ") || "none"}`,
    `- Created: ${asset.createdAt}`,
    `- Updated: ${asset.updatedAt}`,
    "",
  ];
  if (text.trim()) lines.push(text.trimEnd(), "");
  if (files.length) {
    lines.push("## Files", "");
    for (const f of files) lines.push(`- ${mdLink(f.label, folder, f.name)}`);
    lines.push("");
  }
  return lines.join("\n");
}

export type MessageMarkdownInput = {
  asset: OpenedAssetView;
  content: OpenedMessage;
  schedule: MessageScheduleView | null;
  /** The folder beside the .md that holds its recording or video (its name, relative). */
  folder: string;
  /** The recording's or video's file name in that folder, if it has one. */
  media: string | null;
};

const FORMAT_WORD = { letter: "Letter", voice: "Voice message", video: "Video" } as const;

/**
 * messages/<title>.md: the title, who it is for, when it is delivered (and whether it was), the
 * occasion, the letter or the transcript as written, a link to the recording or video.
 */
export function messageMarkdown({
  asset,
  content,
  schedule,
  folder,
  media,
}: MessageMarkdownInput): string {
  const delivery = schedule ? describeDelivery(schedule.delivery) : "Delivery is not set yet";
  const lines = [
    `# ${asset.title}`,
    "",
    `- Kind: ${FORMAT_WORD[content.format]}`,
    `- For: ${asset.beneficiaryEmails.join(", ") || "nobody yet"}`,
    `- Delivered: ${delivery}${schedule?.deliveredAt ? ` (delivered ${schedule.deliveredAt})` : ""}`,
    `- Created: ${asset.createdAt}`,
    `- Updated: ${asset.updatedAt}`,
    "",
  ];
  if (content.occasion.trim()) lines.push(content.occasion.trim(), "");
  if (content.format === "letter" && content.letter.trim())
    lines.push(content.letter.trimEnd(), "");
  if (content.format !== "letter") {
    const noun = content.format === "video" ? "Video" : "Recording";
    if (media) lines.push(`${mdLink(noun, folder, media)}`, "");
    if (content.transcript.trim())
      lines.push("## Transcript", "", content.transcript.trimEnd(), "");
  }
  return lines.join("\n");
}

/** A document's notes, beside it. */
export const documentNotesText = (asset: OpenedAssetView, fileName: string, notes: string) =>
  `Notes on "${asset.title}" (${fileName})\n\n${notes.trimEnd()}\n`;

export type ReadmeInput = {
  exportedAt: string;
  email: string;
  counts: {
    passwords: number;
    documents: number;
    notes: number;
    estate?: number;
    messages?: number;
    wishes?: number;
  };
  /** Items (or their files) that could not be opened or downloaded: what and why. */
  failures: readonly string[];
};

/** README.txt: what the ZIP holds, and that none of it is encrypted. */
export function readmeText({ exportedAt, email, counts, failures }: ReadmeInput): string {
  const { readme, passwordsJson: json, passwordsCsv: csv, documents, notes } = EXPORT_FILES;
  const lines = [
    "Legacy Vault export",
    "===================",
    "",
    `Account: ${email}`,
    `Made: ${exportedAt}`,
    `Items: ${counts.passwords} passwords, ${counts.documents} documents, ${counts.notes} notes${counts.messages ? `, ${counts.messages} messages` : ""}`,
    "",
    "THIS ARCHIVE IS NOT ENCRYPTED.",
    "Anyone who has this file can read every password, document and note in it. Keep it",
    "somewhere only you can reach (an encrypted disk, a password manager's import), and",
    "delete it, and empty the bin, once you no longer need it.",
    "",
    "What is in it",
    "-------------",
    `${readme}     this file.`,
    `${json}  every password with its title, username, website, notes, beneficiary and dates`,
    `                (format "${PASSWORDS_EXPORT_FORMAT}", version ${PASSWORDS_EXPORT_VERSION}). The exact values.`,
    `${csv}   the same passwords as name,url,username,password,note, the columns that`,
    "                Bitwarden, Chrome and most password managers import. A cell that starts",
    "                with = + - or @ has a ' put before it, so that spreadsheets do not run it",
    `                as a formula: remove it, or import ${json} instead, if that matters.`,
    `${documents}/      every document under its own file name; a document's notes beside it.`,
    `${notes}/          every note as Markdown (<title>.md); its voice recording and attachment`,
    "                in the folder of the same name.",
    "",
    "Two items or files with the same name are told apart by a number: will.pdf, will (2).pdf.",
  ];
  if (counts.estate)
    lines.splice(
      lines.indexOf(`${readme}     this file.`) + 1,
      0,
      `${EXPORT_FILES.estateCsv}  the estate inventory, ${counts.estate} entries: name, kind, organisation,`,
      "                reference, contact, what should happen and instructions (the columns its",
      "                import reads).",
    );
  if (counts.messages)
    lines.splice(
      lines.indexOf("                in the folder of the same name.") + 1,
      0,
      `${EXPORT_FILES.messages}/       every message for later as Markdown (<title>.md): who it is for, when it`,
      "                is delivered, the letter or transcript; its recording or video in the",
      "                folder of the same name.",
    );
  if (counts.wishes)
    lines.splice(
      lines.indexOf(`${readme}     this file.`) + 1,
      0,
      `${EXPORT_FILES.wishesText}    your final wishes, a heading per section.`,
    );
  if (failures.length) {
    lines.push("", "Not in this archive", "-------------------");
    lines.push(...failures.map((f) => `- ${f}`));
  }
  return lines.join("\r\n") + "\r\n";
}
