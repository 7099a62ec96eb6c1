import type { OpenedAssetView } from "./titles/open-titles";

export const ASSET_SORTS = [
  { value: "name", label: "Name" },
  { value: "used", label: "Recently used" },
  { value: "changed", label: "Recently changed" },
] as const;
export type AssetSort = (typeof ASSET_SORTS)[number]["value"];

const collator = new Intl.Collator(undefined, { sensitivity: "base", numeric: true });
type Named = Pick<OpenedAssetView, "id" | "title">;
const byName = (a: Named, b: Named) =>
  collator.compare(a.title, b.title) || a.id.localeCompare(b.id);

/** By opened title (decision 080: the server sorts by dates only), then by id (a new array). */
export const sortByTitle = <T extends Named>(rows: readonly T[]): T[] => [...rows].sort(byName);
const time = (iso: string | null) => (iso === null ? -Infinity : Date.parse(iso));
const newestFirst = (a: string | null, b: string | null) => time(b) - time(a);

const compare: Record<AssetSort, (a: OpenedAssetView, b: OpenedAssetView) => number> = {
  name: byName,
  // Never used last, by name among themselves.
  used: (a, b) => newestFirst(a.lastUsedAt, b.lastUsedAt) || byName(a, b),
  changed: (a, b) => newestFirst(a.updatedAt, b.updatedAt) || byName(a, b),
};

/** The list in `sort` order, favourites first (a new array). */
export const sortAssets = <T extends OpenedAssetView>(assets: readonly T[], sort: AssetSort): T[] =>
  [...assets].sort((a, b) => Number(b.isFavorite) - Number(a.isFavorite) || compare[sort](a, b));

export const isAssetSort = (v: string): v is AssetSort => ASSET_SORTS.some((s) => s.value === v);
