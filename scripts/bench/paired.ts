/**
 * The paired timing of the HTTP benches (assets.ts, clients.ts): our server and the bare baseline
 * asked in turn, so that the machine's noise falls on both, and one line of figures and ratios.
 */

/** The p-th percentile of sorted times. */
export const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;

/** `count` requests of each, alternated (ours first); both lists of times sorted. */
export async function timeAlternately(
  count: number,
  ours: (i: number) => Promise<unknown>,
  bare: (i: number) => Promise<unknown>,
): Promise<{ ours: number[]; bare: number[] }> {
  const timed = async (fn: () => Promise<unknown>) => {
    const t = performance.now();
    await fn();
    return performance.now() - t;
  };
  const times = { ours: [] as number[], bare: [] as number[] };
  for (let i = 0; i < count; i++) {
    times.ours.push(await timed(() => ours(i)));
    times.bare.push(await timed(() => bare(i)));
  }
  times.ours.sort((a, b) => a - b);
  times.bare.sort((a, b) => a - b);
  return times;
}

/** "name  ours p50 … p99 … ms | bare p50 … p99 … ms | ×p50 / ×p99", then `extra`. */
export function printPair(name: string, ours: number[], bare: number[], width = 40, extra = "") {
  const [o50, o99, b50, b99] = [pct(ours, 50), pct(ours, 99), pct(bare, 50), pct(bare, 99)];
  const ms = (x: number) => x.toFixed(1).padStart(5);
  console.log(
    `${name.padEnd(width)} ours p50 ${ms(o50)} p99 ${ms(o99)} ms | bare p50 ${ms(b50)} p99 ${ms(b99)} ms | ×${(o50 / b50).toFixed(2)} / ×${(o99 / b99).toFixed(2)}${extra}`,
  );
}
