import type { WishesChoiceView } from "@common/assets/wishes";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";

/** Whether the owner's final wishes open as soon as a death is confirmed (decision 097). */
export const getWishesChoice = (id: string) =>
  api<WishesChoiceView>(`/api/wishes/${encodeURIComponent(id)}`);

export const wishesChoiceQueryKey = (id: string) => ["wishes-choice", id] as const;

export const wishesChoiceQueryOptions = (id: string) =>
  queryOptions({ queryKey: wishesChoiceQueryKey(id), queryFn: () => getWishesChoice(id) });

export const useWishesChoice = (id: string) => useQuery(wishesChoiceQueryOptions(id));
