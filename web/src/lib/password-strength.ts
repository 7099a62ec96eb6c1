import type { ZxcvbnFactory } from "@zxcvbn-ts/core";

/** zxcvbn's score: 0 (guessed at once) to 4 (very hard to guess). */
export type StrengthScore = 0 | 1 | 2 | 3 | 4;

export type Strength = {
  score: StrengthScore;
  /** zxcvbn's warning in words ("This is a top-10 common password."), or "" when none. */
  warning: string;
  suggestions: string[];
};

/** Below this score a password counts as weak (the vault's "weak or reused" marker, the meter's wording). */
export const STRONG_ENOUGH_SCORE = 3;

export const STRENGTH_LABELS: Record<StrengthScore, string> = {
  0: "Very weak",
  1: "Weak",
  2: "Fair",
  3: "Good",
  4: "Strong",
};

let estimator: Promise<ZxcvbnFactory> | undefined;

/**
 * zxcvbn-ts with its common and English dictionaries, imported on first use only: they are about
 * 1.5 MB of word lists, kept out of every screen's own chunk (the /welcome and /login budget).
 */
export function loadStrengthEstimator(): Promise<ZxcvbnFactory> {
  estimator ??= Promise.all([
    import("@zxcvbn-ts/core"),
    import("@zxcvbn-ts/language-common"),
    import("@zxcvbn-ts/language-en"),
  ]).then(
    ([core, common, en]) =>
      new core.ZxcvbnFactory({
        dictionary: { ...common.dictionary, ...en.dictionary },
        graphs: common.adjacencyGraphs,
        translations: en.translations,
      }),
  );
  // A failed import (offline, a new deployment) is tried again next time.
  estimator.catch(() => (estimator = undefined));
  return estimator;
}

/** How guessable `password` is; `userInputs` (a title, a user name, an e-mail) count as guessable words. */
export async function checkStrength(
  password: string,
  userInputs: string[] = [],
): Promise<Strength> {
  const zxcvbn = await loadStrengthEstimator();
  const result = zxcvbn.check(password, userInputs.filter(Boolean));
  return {
    score: result.score as StrengthScore,
    warning: result.feedback.warning ?? "",
    suggestions: result.feedback.suggestions,
  };
}
