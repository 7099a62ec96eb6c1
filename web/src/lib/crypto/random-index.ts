const RANGE = 2 ** 32;

/** Fills `values` with random 32-bit numbers: the Web Crypto source, or a test's own. */
export type FillRandom = (values: Uint32Array) => void;

export const fillRandom: FillRandom = (values) => void crypto.getRandomValues(values);

/**
 * A uniformly random integer in [0, n), n at most 2^32, from the browser's cryptographic source.
 * Rejection sampling: a 32-bit draw at or above the largest multiple of n is drawn again, so
 * `draw % n` has no modulo bias. Math.random is never used for secrets.
 */
export function randomIndex(n: number, fill: FillRandom = fillRandom): number {
  if (!Number.isInteger(n) || n < 1 || n > RANGE) throw new RangeError(`randomIndex: bad n ${n}`);
  const limit = RANGE - (RANGE % n);
  const draw = new Uint32Array(1);
  for (;;) {
    fill(draw);
    const value = draw[0] ?? 0;
    if (value < limit) return value % n;
  }
}
