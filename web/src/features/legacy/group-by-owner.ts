import type { LegacyItem } from "@common/legacy";

/** The items per owner, owners and items in the order the server listed them. */
export function groupByOwner(items: LegacyItem[]): { ownerName: string; items: LegacyItem[] }[] {
  const groups = new Map<string, LegacyItem[]>();
  for (const item of items)
    groups.set(item.ownerName, [...(groups.get(item.ownerName) ?? []), item]);
  return [...groups].map(([ownerName, owned]) => ({ ownerName, items: owned }));
}
