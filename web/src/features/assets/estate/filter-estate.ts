import {
  ESTATE_ACTIONS,
  ESTATE_CATEGORIES,
  ESTATE_CATEGORY_IDS,
  type EstateAction,
  type EstateCategory,
  type OpenedEstateContent,
} from "@common/assets/estate";
import type { OpenedAssetView } from "../titles/open-titles";
import { fold } from "../vault-search/match-vault";
import { OTHER_SECTION } from "./opened-estate";

/** An entry as the list shows it: its opened title, and its content once opened (null before, or when it does not open). */
export type EstateRow = { asset: OpenedAssetView; content: OpenedEstateContent | null };

/** The list's filters: words to find, a kind ("" for all), what should happen ("" for all, "none" for not decided). */
export type EstateFilter = {
  search: string;
  category: EstateCategory | "";
  action: EstateAction | "none" | "";
};

export const isEstateCategory = (v: string): v is EstateCategory => v in ESTATE_CATEGORIES;
export const isEstateActionFilter = (v: string): v is EstateAction | "none" =>
  v === "none" || v in ESTATE_ACTIONS;

/** Each row's searchable text, folded once: a search key then compares, not folds, 2,000 rows. */
const texts = new WeakMap<EstateRow, string>();
function textOf(row: EstateRow): string {
  const known = texts.get(row);
  if (known !== undefined) return known;
  const { asset, content: c } = row;
  const text = fold(
    [asset.title, c?.institution, c?.reference, c?.contact, c?.instructions].join("\n"),
  );
  texts.set(row, text);
  return text;
}

/**
 * The rows that hold every word of the search (title, organisation, reference, contact,
 * instructions; case and accents ignored) and match the kind and the action. A row whose content
 * has not opened matches no kind or action filter, only the search by its title.
 */
export function filterEstate(rows: readonly EstateRow[], filter: EstateFilter): EstateRow[] {
  const words = fold(filter.search).split(/\s+/).filter(Boolean);
  return rows.filter((row) => {
    if (filter.category && row.content?.category !== filter.category) return false;
    if (filter.action === "none" && (!row.content || row.content.action !== null)) return false;
    if (filter.action && filter.action !== "none" && row.content?.action !== filter.action)
      return false;
    if (words.length === 0) return true;
    const text = textOf(row);
    return words.every((w) => text.includes(w));
  });
}

/** Names in the reader's order, numbers by value ("Entry 9" before "Entry 10"); made once. */
const names = new Intl.Collator(undefined, { numeric: true });

export type EstateSection = { key: string; title: string; rows: EstateRow[] };

/**
 * The rows by section, in the inventory's order (ESTATE_CATEGORIES, then "Other" for rows of no
 * known kind or not opened), each sorted by name; empty sections left out.
 */
export function groupEstate(rows: readonly EstateRow[]): EstateSection[] {
  const byKey = new Map<string, EstateRow[]>();
  for (const row of rows) {
    const key = row.content?.category ?? "other";
    const section = byKey.get(key);
    if (section) section.push(row);
    else byKey.set(key, [row]);
  }
  const byName = (a: EstateRow, b: EstateRow) => names.compare(a.asset.title, b.asset.title);
  return [...ESTATE_CATEGORY_IDS, "other" as const]
    .filter((key) => byKey.has(key))
    .map((key) => ({
      key,
      title: key === "other" ? OTHER_SECTION : ESTATE_CATEGORIES[key],
      rows: (byKey.get(key) ?? []).sort(byName),
    }));
}
