import { CircleAlert } from "lucide-react";
import { Link } from "react-router";
import { usePlanHealth } from "../api/get-plan-health";

/** One line on the owner's dashboard when their plan needs attention; nothing otherwise. */
export function PlanHealthLine() {
  const n = usePlanHealth().data?.entries.length ?? 0;
  if (n === 0) return null;
  return (
    <p
      className="flex flex-wrap items-center gap-2 rounded-md border border-warning-border bg-warning-surface px-4 py-3 text-sm text-warning-text"
      data-testid="plan-health-line"
    >
      <CircleAlert aria-hidden="true" className="size-4 shrink-0" />
      {n === 1
        ? "1 thing in your release plan needs your attention."
        : `${n} things in your release plan need your attention.`}
      <Link to="/release" className="font-medium underline underline-offset-4">
        See plan health
      </Link>
    </p>
  );
}
