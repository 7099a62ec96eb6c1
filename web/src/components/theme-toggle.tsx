import type { ReactNode } from "react";
import { setThemeChoice, THEME_CHOICES, useThemeChoice, type ThemeChoice } from "@/lib/theme";
import { cn } from "@/lib/utils";

/** Icons drawn inline (lucide's monitor, sun and moon): the toggle is on /welcome and /login too, which load no icon library. */
const PATHS: Record<ThemeChoice, ReactNode> = {
  system: (
    <>
      <rect x="2" y="3" width="20" height="14" rx="2" />
      <path d="M8 21h8M12 17v4" />
    </>
  ),
  light: (
    <>
      <circle cx="12" cy="12" r="4" />
      <path d="M12 2v2M12 20v2M4.93 4.93l1.41 1.41M17.66 17.66l1.41 1.41M2 12h2M20 12h2M6.34 17.66l-1.41 1.41M19.07 4.93l-1.41 1.41" />
    </>
  ),
  dark: <path d="M12 3a6 6 0 0 0 9 9 9 9 0 1 1-9-9Z" />,
};
const LABELS: Record<ThemeChoice, string> = { system: "System", light: "Light", dark: "Dark" };

function Icon({ choice }: { choice: ThemeChoice }) {
  return (
    <svg
      viewBox="0 0 24 24"
      aria-hidden="true"
      className="size-4 shrink-0"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      {PATHS[choice]}
    </svg>
  );
}

/**
 * System / Light / Dark (decision 036): three toggle buttons, the current one pressed. `isCompact`
 * (the collapsed sidebar) shows one button that moves to the next choice.
 */
export function ThemeToggle({
  isCompact = false,
  className,
}: {
  isCompact?: boolean;
  className?: string;
}) {
  const choice = useThemeChoice();
  if (isCompact) {
    const next = THEME_CHOICES[(THEME_CHOICES.indexOf(choice) + 1) % THEME_CHOICES.length];
    return (
      <button
        type="button"
        onClick={() => next && setThemeChoice(next)}
        title={`Theme: ${LABELS[choice]}`}
        className="inline-flex size-9 items-center justify-center rounded-md text-foreground-soft hover:bg-muted hover:text-foreground"
      >
        <Icon choice={choice} />
        <span className="sr-only">Theme: {LABELS[choice]}. Change theme</span>
      </button>
    );
  }
  return (
    <div
      role="group"
      aria-label="Theme"
      className={cn(
        "inline-flex w-fit items-center gap-0.5 rounded-md border border-border p-0.5",
        className,
      )}
    >
      {THEME_CHOICES.map((c) => (
        <button
          key={c}
          type="button"
          aria-pressed={choice === c}
          onClick={() => setThemeChoice(c)}
          title={`${LABELS[c]} theme`}
          className="inline-flex size-8 items-center justify-center rounded text-muted-foreground hover:bg-muted hover:text-foreground aria-pressed:bg-muted-strong aria-pressed:text-foreground"
        >
          <Icon choice={c} />
          <span className="sr-only">{LABELS[c]}</span>
        </button>
      ))}
    </div>
  );
}
