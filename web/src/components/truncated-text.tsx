import { cn } from "@/lib/utils";

/**
 * A long value (an e-mail) on one line, cut with an ellipsis instead of broken mid-word. The whole
 * value is in its title (mouse) and, for keyboard users, shown when it has focus: it is then
 * allowed to wrap. With `href` it is a link (focusable already); otherwise it is made focusable
 * for the purpose.
 */
export function TruncatedText({
  text,
  href,
  className,
}: {
  text: string;
  href?: string;
  className?: string;
}) {
  const classes = cn(
    "block max-w-full truncate rounded-sm sm:max-w-72 focus:whitespace-normal focus:wrap-anywhere focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring",
    className,
  );
  if (href)
    return (
      <a href={href} title={text} className={classes}>
        {text}
      </a>
    );
  return (
    <span tabIndex={0} title={text} className={classes}>
      {text}
    </span>
  );
}
