import type { AssetType, ContentOf } from "@common/assets";
import type { DocumentContent } from "@common/assets/documents";
import type { EstateContent } from "@common/assets/estate";
import type { NoteContent } from "@common/assets/notes";
import type { PasswordContent } from "@common/assets/passwords";
import type { OpenedAssetView } from "../titles/open-titles";

/** One searchable field of an item, with the label that a result shows beside its match. */
export type SearchField = { label: string; text: string };
export type SearchEntry = { asset: OpenedAssetView; fields: SearchField[] };
export type SearchResult = { asset: OpenedAssetView; match: SearchField | null };
export type SearchGroup = { type: AssetType; label: string; results: SearchResult[] };

export const SEARCH_GROUPS: { type: AssetType; label: string }[] = [
  { type: "password", label: "Passwords" },
  { type: "document", label: "Documents" },
  { type: "note", label: "Notes" },
  { type: "estate", label: "Estate inventory" },
];

/** The fields the vault search looks in: the title (in clear) and the decrypted ones of each type. */
export function searchFieldsOf(
  asset: OpenedAssetView,
  content?: ContentOf<AssetType>,
): SearchField[] {
  const fields: SearchField[] = [{ label: "Title", text: asset.title }];
  if (!content) return fields;
  const add = (label: string, text: string | undefined) => {
    if (text) fields.push({ label, text });
  };
  if (asset.type === "password") {
    const c = content as PasswordContent;
    add("Username", c.username);
    add("Website", c.website);
    add("Notes", c.notes);
  } else if (asset.type === "document") {
    const c = content as DocumentContent;
    add("File", c.fileName);
    add("Notes", c.notes);
  } else if (asset.type === "estate") {
    const c = content as EstateContent;
    add("Organisation", c.institution);
    add("Reference", c.reference);
    add("Contact", c.contact);
    add("Instructions", c.instructions);
  } else {
    const c = content as NoteContent;
    add("Note", c.text);
    add("Attachment", c.attachment?.fileName);
  }
  return fields;
}

/** Lower case without accents: "Café" finds "cafe" and the other way round. */
export const fold = (s: string) => s.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase();

const words = (query: string) => fold(query).split(/\s+/).filter(Boolean);

/** Title starts with the query, title contains it, or only other fields do (lower ranks first). */
function rank(entry: SearchEntry, q: string[]): number | null {
  const folded = entry.fields.map((f) => fold(f.text));
  if (!q.every((w) => folded.some((f) => f.includes(w)))) return null;
  const title = folded[0] ?? "";
  if (title.startsWith(q.join(" "))) return 0;
  if (q.every((w) => title.includes(w))) return 1;
  return 2;
}

/** The first field besides the title that holds a word of the query, for the result to show. */
function matchedField(entry: SearchEntry, q: string[]): SearchField | null {
  const rest = entry.fields.slice(1);
  return rest.find((f) => q.some((w) => fold(f.text).includes(w))) ?? null;
}

/** A short piece of `text` around the first of the query's words, on one line. */
export function snippet(text: string, query: string, width = 60): string {
  const line = text.replace(/\s+/g, " ").trim();
  const first = words(query)[0];
  const at = first ? fold(line).indexOf(first) : -1;
  if (line.length <= width) return line;
  const start = Math.max(0, Math.min(at - Math.floor(width / 3), line.length - width));
  return `${start > 0 ? "…" : ""}${line.slice(start, start + width).trim()}${start + width < line.length ? "…" : ""}`;
}

/**
 * The entries holding every word of the query (in any field, case and accents ignored), grouped
 * by type in SEARCH_GROUPS order, each group best first (title matches, then by title), at most
 * `perGroup` in each. An empty query finds nothing.
 */
export function searchVault(entries: SearchEntry[], query: string, perGroup = 20): SearchGroup[] {
  const q = words(query);
  if (q.length === 0) return [];
  const found = entries
    .map((entry) => ({ entry, rank: rank(entry, q) }))
    .filter((r): r is { entry: SearchEntry; rank: number } => r.rank !== null)
    .sort(
      (a, b) =>
        a.rank - b.rank ||
        a.entry.asset.title.localeCompare(b.entry.asset.title, undefined, { numeric: true }),
    );
  return SEARCH_GROUPS.map(({ type, label }) => ({
    type,
    label,
    results: found
      .filter((r) => r.entry.asset.type === type)
      .slice(0, perGroup)
      .map((r) => ({
        asset: r.entry.asset,
        match: r.rank === 2 ? matchedField(r.entry, q) : null,
      })),
  })).filter((g) => g.results.length > 0);
}

/** Where a result opens. */
export const assetPath = (asset: Pick<OpenedAssetView, "type" | "id">) =>
  `${{ password: "/vault", document: "/documents", note: "/notes", estate: "/estate", message: "/messages", wishes: "/wishes" }[asset.type]}/${asset.id}`;
