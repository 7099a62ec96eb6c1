import { PLAYBOOK, PLAYBOOK_UI_MSG, countTicked, type PlaybookTicks } from "@common/playbook";
import { Alert } from "@/components/ui/alert";
import { Progress } from "@/components/ui/progress";
import { isoDay } from "@/lib/format";
import { PlatformRow } from "./platform-row";

const M = PLAYBOOK_UI_MSG;

/**
 * The owner's checklist of platforms' own legacy tools (docs/decisions/088): progress, then one row
 * per platform of the playbook. Ticks change through `onChange` (the whole checklist, sealed by
 * the caller); `today` is the day a tick records.
 */
export function PlaybookChecklist({
  ticks,
  onChange,
  isSaving = false,
  isUnreadable = false,
  saveError,
  today = isoDay(),
}: {
  ticks: PlaybookTicks;
  onChange: (ticks: PlaybookTicks) => void;
  isSaving?: boolean;
  isUnreadable?: boolean;
  saveError?: string;
  today?: string;
}) {
  const ticked = countTicked(ticks);
  return (
    <div className="grid gap-4">
      <p className="text-sm text-muted-foreground">{M.intro}</p>
      <div className="grid gap-1">
        <p className="text-sm font-medium" data-testid="playbook-progress">
          {M.progress(ticked, PLAYBOOK.length)}
        </p>
        <Progress value={(ticked / PLAYBOOK.length) * 100} aria-label="Accounts done" />
      </div>
      {isUnreadable && <Alert variant="warning">{M.unreadable}</Alert>}
      {saveError && <Alert variant="destructive">{saveError}</Alert>}
      <ul className="grid gap-3" aria-label="Accounts">
        {PLAYBOOK.map((p) => (
          <PlatformRow
            key={p.id}
            platform={p}
            tick={ticks[p.id]}
            isSaving={isSaving}
            onTick={(status) => {
              const next = { ...ticks };
              if (status) next[p.id] = { status, on: today };
              else delete next[p.id];
              onChange(next);
            }}
          />
        ))}
      </ul>
    </div>
  );
}
