import { ArrowLeft } from "lucide-react";
import type { ReactNode, Ref } from "react";
import { Link } from "react-router";

/**
 * The top of a signed-in screen: an optional back link, the page's one h1 (focusable from
 * script, so focus can land there after the row it was on disappears) and its actions.
 */
export function PageHeader({
  title,
  description,
  back,
  actions,
  titleRef,
}: {
  title: ReactNode;
  description?: ReactNode;
  back?: { to: string; label: string };
  actions?: ReactNode;
  titleRef?: Ref<HTMLHeadingElement>;
}) {
  return (
    <div className="grid gap-2">
      {back && (
        <Link
          to={back.to}
          className="flex w-fit items-center gap-1 text-sm text-link underline-offset-4 hover:underline print:hidden"
        >
          <ArrowLeft aria-hidden="true" className="size-4" /> {back.label}
        </Link>
      )}
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="grid min-w-0 gap-1">
          <h1
            ref={titleRef}
            tabIndex={-1}
            className="text-2xl font-semibold tracking-tight wrap-anywhere focus:outline-none"
          >
            {title}
          </h1>
          {description && <p className="text-muted-foreground">{description}</p>}
        </div>
        {actions && <div className="flex flex-wrap gap-2 print:hidden">{actions}</div>}
      </div>
    </div>
  );
}
