import type { BeneficiaryKeyView, PendingItemView } from "@common/keys";

/** An address as the server keeps it (trimmed, lower case), so that keys and items compare equal. */
export const normalizeEmail = (email: string) => email.trim().toLowerCase();

/** The items of one address still to wrap, with that address's current key when it has one. */
export type PendingGroup = {
  email: string;
  key: BeneficiaryKeyView | undefined;
  items: PendingItemView[];
};

/** Pending items grouped by address (in the order they first appear), each with its key; `only` keeps one address. */
export function groupPending(
  keys: readonly BeneficiaryKeyView[],
  pending: readonly PendingItemView[],
  only?: string,
): PendingGroup[] {
  const keyOf = new Map(keys.map((k) => [normalizeEmail(k.email), k]));
  const groups = new Map<string, PendingGroup>();
  const wanted = only === undefined ? undefined : normalizeEmail(only);
  for (const item of pending) {
    const email = normalizeEmail(item.beneficiaryEmail);
    if (wanted !== undefined && email !== wanted) continue;
    let group = groups.get(email);
    if (!group) {
      group = { email, key: keyOf.get(email), items: [] };
      groups.set(email, group);
    }
    group.items.push(item);
  }
  return [...groups.values()];
}

/** `items` in batches of at most `size` (none for an empty list). */
export function batches<T>(items: readonly T[], size: number): T[][] {
  if (!Number.isInteger(size) || size < 1) throw new RangeError("size must be a positive integer");
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/** How the plan page states a key: handed over, waiting for the owner, or held by the service. */
export type KeyState = "handed-over" | "not-handed-over" | "escrow";
export const keyState = (key: Pick<BeneficiaryKeyView, "escrow" | "handedOverAt">): KeyState =>
  key.escrow ? "escrow" : key.handedOverAt ? "handed-over" : "not-handed-over";

/** Addresses that items name but that have no key yet (their items wait to be wrapped), sorted. */
export function addressesBeingPrepared(
  keys: readonly BeneficiaryKeyView[],
  pending: readonly PendingItemView[],
): { email: string; itemCount: number }[] {
  return groupPending(keys, pending)
    .filter((g) => !g.key)
    .map((g) => ({ email: g.email, itemCount: g.items.length }))
    .sort((a, b) => a.email.localeCompare(b.email));
}
