import { cn } from "@/lib/utils";

/** The first letter or digit of a title, upper-cased ("?" when it has none). */
export const avatarLetter = (title: string) =>
  ([...title.trim()].find((c) => /[\p{L}\p{N}]/u.test(c)) ?? "?").toLocaleUpperCase();

/**
 * A row's picture: the first letter of its title (no favicon: the CSP allows no image from the
 * site's origin, and fetching one would tell that site what is in the vault). Decoration only:
 * hidden from screen readers, which read the title beside it.
 */
export function LetterAvatar({ title, className }: { title: string; className?: string }) {
  return (
    <span
      aria-hidden="true"
      className={cn(
        "flex size-10 shrink-0 items-center justify-center rounded-full border border-info-border bg-info-surface text-base font-semibold text-info-text select-none",
        className,
      )}
    >
      {avatarLetter(title)}
    </span>
  );
}
