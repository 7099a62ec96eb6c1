import { STRONG_ENOUGH_SCORE } from "@/lib/password-strength";

export type PasswordHealth = { isWeak: boolean; isReused: boolean };

/**
 * The "weak or reused" marker of /vault (issue 16, point 2), computed in the browser after
 * decryption: weak when zxcvbn's score is below 3, reused when the very same password is stored
 * in two or more items. An empty password is neither. Only the ids of marked items are returned.
 */
export function passwordHealth(
  items: readonly { id: string; password: string }[],
  scoreOf: (password: string) => number,
): Map<string, PasswordHealth> {
  const counts = new Map<string, number>();
  for (const { password } of items)
    if (password) counts.set(password, (counts.get(password) ?? 0) + 1);
  const health = new Map<string, PasswordHealth>();
  const scores = new Map<string, number>();
  for (const { id, password } of items) {
    if (!password) continue;
    if (!scores.has(password)) scores.set(password, scoreOf(password));
    const isWeak = (scores.get(password) ?? 0) < STRONG_ENOUGH_SCORE;
    const isReused = (counts.get(password) ?? 0) >= 2;
    if (isWeak || isReused) health.set(id, { isWeak, isReused });
  }
  return health;
}

/** The marker's words: text, never colour alone. */
export const healthLabel = ({ isWeak, isReused }: PasswordHealth) =>
  isWeak && isReused ? "Weak and reused" : isWeak ? "Weak" : "Reused";
