import { useEffect, useState } from "react";
import {
  STRENGTH_LABELS,
  STRONG_ENOUGH_SCORE,
  checkStrength,
  type Strength,
} from "@/lib/password-strength";
import { useDebouncedValue } from "@/lib/use-debounced-value";
import { cn } from "@/lib/utils";

const SEGMENTS = 4;
const BAR_COLOUR = [
  "bg-destructive",
  "bg-destructive",
  "bg-warning-text",
  "bg-success",
  "bg-success",
];

/**
 * How guessable a password is, under its field: a bar of four segments (zxcvbn's score, 0 to 4)
 * and the same in words with zxcvbn's feedback, announced politely as the person types. The
 * dictionaries load on the first non-empty password (lib/password-strength), never with the
 * screen. Drop it under any password input: `<PasswordStrengthMeter password={watch("password")} />`.
 */
export function PasswordStrengthMeter({
  password,
  userInputs = [],
  className,
}: {
  password: string;
  /** Words that are easy to guess for this password: the title, the user name, the e-mail. */
  userInputs?: string[];
  className?: string;
}) {
  const debounced = useDebouncedValue(password, 200);
  const [checked, setChecked] = useState<{ password: string; strength: Strength } | null>(null);
  const [hasFailed, setHasFailed] = useState(false);
  const inputsKey = JSON.stringify(userInputs);

  useEffect(() => {
    if (!debounced) return;
    let isCurrent = true;
    checkStrength(debounced, JSON.parse(inputsKey) as string[]).then(
      (strength) => {
        if (!isCurrent) return;
        setHasFailed(false);
        setChecked({ password: debounced, strength });
      },
      () => isCurrent && setHasFailed(true),
    );
    return () => {
      isCurrent = false;
    };
  }, [debounced, inputsKey]);

  const strength = password && checked ? checked.strength : null;
  const score = strength?.score ?? 0;
  const words = !password
    ? ""
    : hasFailed
      ? "The strength check could not load."
      : strength
        ? [
            `Strength: ${STRENGTH_LABELS[strength.score]}.`,
            strength.warning,
            ...strength.suggestions,
            strength.score < STRONG_ENOUGH_SCORE &&
            !strength.warning &&
            strength.suggestions.length === 0
              ? "Make it longer or less predictable."
              : "",
          ]
            .filter(Boolean)
            .join(" ")
        : "Checking strength...";

  return (
    <div className={cn("grid gap-1.5", className)} data-testid="password-strength">
      {password && (
        <div aria-hidden="true" className="grid grid-cols-4 gap-1">
          {Array.from({ length: SEGMENTS }, (_, i) => (
            <span
              key={i}
              className={cn(
                "h-1.5 rounded-full",
                strength && i < Math.max(score, 1) ? BAR_COLOUR[score] : "bg-muted-strong",
              )}
            />
          ))}
        </div>
      )}
      <p aria-live="polite" className="text-sm text-foreground-soft">
        {words}
      </p>
    </div>
  );
}
