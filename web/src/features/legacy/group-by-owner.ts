import type { LegacyItem } from "@common/legacy";

export type ItemGroup = {
  ownerName: string;
  /** Why these reach the person (decision 091): null for what is left to them. */
  role: LegacyItem["role"];
  items: LegacyItem[];
};

/**
 * The items per owner, and within an owner per reason: what was left to the person first, then
 * the estate inventory they receive as executor, then the documents for them as legal contact.
 * Owners and items in the order the server listed them.
 */
export function groupByOwner(items: LegacyItem[]): ItemGroup[] {
  const groups = new Map<string, ItemGroup>();
  const rank = (role: LegacyItem["role"]) => (role === null ? 0 : role === "executor" ? 1 : 2);
  for (const item of items) {
    const key = `${item.ownerName}\u0000${rank(item.role)}`;
    const group = groups.get(key) ?? { ownerName: item.ownerName, role: item.role, items: [] };
    group.items.push(item);
    groups.set(key, group);
  }
  const owners = [...new Set(items.map((i) => i.ownerName))];
  return [...groups.values()].sort(
    (a, b) =>
      owners.indexOf(a.ownerName) - owners.indexOf(b.ownerName) || rank(a.role) - rank(b.role),
  );
}

/** A group's heading, in the words of the person reading it. */
export function groupHeading({ ownerName, role }: Pick<ItemGroup, "ownerName" | "role">) {
  if (role === "executor") return `${ownerName}'s estate inventory: you are their executor`;
  if (role === "legal_contact") return `For you as ${ownerName}'s legal contact`;
  return `Left to you by ${ownerName}`;
}
