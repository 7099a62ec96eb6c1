import { PLAYBOOK_UI_MSG, type PlaybookPlatform, type PlaybookTick } from "@common/playbook";
import { CircleCheck, CircleDashed, CircleMinus, ExternalLink } from "lucide-react";
import { Button } from "@/components/ui/button";
import { formatDay } from "@/lib/format";

const M = PLAYBOOK_UI_MSG;

/** The words and mark of a platform's state: not done, done on a day, or not used. */
function TickState({ tick }: { tick: PlaybookTick | undefined }) {
  if (!tick)
    return (
      <>
        <CircleDashed aria-hidden="true" className="size-4 shrink-0 text-warning-text" />
        {M.notDone}
      </>
    );
  const day = formatDay(tick.on);
  return tick.status === "done" ? (
    <>
      <CircleCheck aria-hidden="true" className="size-4 shrink-0 text-success" />
      {M.done(day)}
    </>
  ) : (
    <>
      <CircleMinus aria-hidden="true" className="size-4 shrink-0 text-muted-foreground" />
      {M.notUsed(day)}
    </>
  );
}

const linkClass =
  "inline-flex w-fit items-center gap-1 font-medium text-link underline underline-offset-4";

/**
 * One platform of the checklist: its own legacy tool, the owner's tick (with its day), the way to
 * tick or undo it, and "How to": what the tool does, the steps, the official page and what the
 * executor will do (docs/decisions/088).
 */
export function PlatformRow({
  platform: p,
  tick,
  isSaving,
  onTick,
}: {
  platform: PlaybookPlatform;
  tick: PlaybookTick | undefined;
  isSaving: boolean;
  onTick: (tick: PlaybookTick["status"] | null) => void;
}) {
  const headingId = `platform-${p.id}`;
  return (
    <li
      aria-labelledby={headingId}
      className="grid gap-3 rounded-lg border border-border bg-card p-4"
      data-platform={p.id}
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="grid gap-1">
          <h3 id={headingId} className="font-semibold">
            {p.name}: <span className="font-normal">{p.toolName}</span>
          </h3>
          <p
            className="flex items-center gap-2 text-sm"
            data-testid="tick-state"
            aria-live="polite"
          >
            <TickState tick={tick} />
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          {tick ? (
            <Button
              size="sm"
              variant="ghost"
              aria-describedby={headingId}
              disabled={isSaving}
              onClick={() => onTick(null)}
            >
              {M.undo}
            </Button>
          ) : (
            <>
              <Button
                size="sm"
                variant="outline"
                aria-describedby={headingId}
                disabled={isSaving}
                onClick={() => onTick("done")}
              >
                {p.hasOwnerTool ? M.markSetUp : M.markDone}
              </Button>
              <Button
                size="sm"
                variant="ghost"
                aria-describedby={headingId}
                disabled={isSaving}
                onClick={() => onTick("not_used")}
              >
                {M.markNotUsed}
              </Button>
            </>
          )}
        </div>
      </div>
      <details className="group text-sm">
        <summary className="w-fit cursor-pointer font-medium text-link underline-offset-4 hover:underline">
          {M.howTo}
          <span className="sr-only"> ({p.name})</span>
        </summary>
        <div className="mt-2 grid gap-3">
          <p>{p.whatItDoes}</p>
          <div className="grid gap-1">
            <h4 className="font-medium">What you do now</h4>
            <ol className="ml-5 list-decimal space-y-1">
              {p.ownerSteps.map((step) => (
                <li key={step}>{step}</li>
              ))}
            </ol>
          </div>
          <div className="grid gap-1">
            <h4 className="font-medium">What your executor will do</h4>
            <ol className="ml-5 list-decimal space-y-1">
              {p.executorSteps.map((step) => (
                <li key={step}>{step}</li>
              ))}
            </ol>
          </div>
          <a href={p.officialUrl} target="_blank" rel="noreferrer noopener" className={linkClass}>
            {M.official(p.name)}
            <ExternalLink aria-hidden="true" className="size-3.5" />
            <span className="sr-only"> (opens in a new tab)</span>
          </a>
          <p className="text-xs text-muted-foreground">{M.checked(formatDay(p.checkedOn))}</p>
        </div>
      </details>
    </li>
  );
}
