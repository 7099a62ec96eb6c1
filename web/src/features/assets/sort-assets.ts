import type { AssetView } from "@common/assets";

export const ASSET_SORTS = [
  { value: "name", label: "Name" },
  { value: "used", label: "Recently used" },
  { value: "changed", label: "Recently changed" },
] as const;
export type AssetSort = (typeof ASSET_SORTS)[number]["value"];

const collator = new Intl.Collator(undefined, { sensitivity: "base", numeric: true });
const byName = (a: AssetView, b: AssetView) =>
  collator.compare(a.title, b.title) || a.id.localeCompare(b.id);
const time = (iso: string | null) => (iso === null ? -Infinity : Date.parse(iso));
const newestFirst = (a: string | null, b: string | null) => time(b) - time(a);

const compare: Record<AssetSort, (a: AssetView, b: AssetView) => number> = {
  name: byName,
  // Never used last, by name among themselves.
  used: (a, b) => newestFirst(a.lastUsedAt, b.lastUsedAt) || byName(a, b),
  changed: (a, b) => newestFirst(a.updatedAt, b.updatedAt) || byName(a, b),
};

/** The list in `sort` order, favourites first (a new array). */
export const sortAssets = <T extends AssetView>(assets: readonly T[], sort: AssetSort): T[] =>
  [...assets].sort((a, b) => Number(b.isFavorite) - Number(a.isFavorite) || compare[sort](a, b));

export const isAssetSort = (v: string): v is AssetSort => ASSET_SORTS.some((s) => s.value === v);
