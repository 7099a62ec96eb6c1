/** How many names a list row shows before "+N" (docs/decisions/053). */
export const COMPACT_NAMES = 2;

/**
 * A list row's names: all of them when they fit (at most COMPACT_NAMES), otherwise the first one
 * and the count of the rest ("Emma +2"), so a row stays one line at 375 px.
 */
export function compactNames(names: readonly string[]): { shown: string[]; hidden: string[] } {
  if (names.length <= COMPACT_NAMES) return { shown: [...names], hidden: [] };
  return { shown: names.slice(0, 1), hidden: names.slice(1) };
}
