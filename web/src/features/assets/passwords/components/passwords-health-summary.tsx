import type { PasswordHealth } from "../password-health";

/** "2 passwords are weak or reused", once they are rated; nothing when none is. */
export function PasswordsHealthSummary({
  health,
}: {
  health: Map<string, PasswordHealth> | undefined;
}) {
  const count = health?.size ?? 0;
  if (count === 0) return null;
  return (
    <p className="px-2 pt-2 text-sm text-warning-text sm:px-0 sm:pt-0">
      {count === 1 ? "1 password is weak or reused." : `${count} passwords are weak or reused.`}{" "}
      Open an item to generate a strong password.
    </p>
  );
}
