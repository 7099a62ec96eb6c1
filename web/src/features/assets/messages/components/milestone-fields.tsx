import { MESSAGE_LIMITS, MILESTONE_LABEL_HINT, type MilestoneConfirmer } from "@common/messages";
import { ChoiceField } from "@/components/ui/choice-field";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { useMilestoneConfirmers } from "../api/list-milestone-confirmers";

const CONFIRMERS = [
  {
    value: "executor",
    label: "My executor",
    description: "The person you named your executor, in their portal after the release",
  },
  {
    value: "firm",
    label: "My firm",
    description: "An administrator of the firm you are a client of",
  },
] as const satisfies readonly { value: MilestoneConfirmer; label: string; description: string }[];

const MISSING = {
  executor: "To choose your executor, name one among your people first.",
  firm: "Your firm can confirm it only if you are a client of a firm.",
} as const;

/**
 * A milestone's description and who confirms it (docs/decisions/109). The description is not
 * sealed: the confirmer reads it, and the hint says so plainly. Only the confirmers the owner has
 * are offered (the server checks it too); a missing one says how to have it.
 */
export function MilestoneFields({
  label,
  confirmer,
  onLabel,
  onConfirmer,
  errors,
}: {
  label: string;
  confirmer: MilestoneConfirmer | "";
  onLabel: (label: string) => void;
  onConfirmer: (confirmer: MilestoneConfirmer) => void;
  errors: { milestoneLabel?: string; confirmer?: string };
}) {
  const available = useMilestoneConfirmers();
  const has = new Set(available.data?.confirmers ?? []);
  const options = CONFIRMERS.filter((c) => has.has(c.value));
  const missing = CONFIRMERS.filter((c) => available.data && !has.has(c.value));
  return (
    <div className="grid gap-4">
      <FormField
        label="What has to happen"
        error={errors.milestoneLabel}
        hint={`For example: Emma's wedding day. ${MILESTONE_LABEL_HINT}`}
      >
        <Input
          value={label}
          onChange={(e) => onLabel(e.target.value)}
          maxLength={MESSAGE_LIMITS.milestoneLabel}
        />
      </FormField>
      {options.length > 0 && (
        <ChoiceField
          label="Who confirms it has happened?"
          options={options}
          value={confirmer || undefined}
          onChange={onConfirmer}
          error={errors.confirmer}
        />
      )}
      {available.data && !options.length && (
        <p role="alert" className="text-sm text-destructive">
          Nobody can confirm it yet. {MISSING.executor}
        </p>
      )}
      {options.length > 0 &&
        missing.map((c) => (
          <p key={c.value} className="text-sm text-muted-foreground">
            {MISSING[c.value]}
          </p>
        ))}
      {available.isError && (
        <p role="alert" className="text-sm text-destructive">
          Who can confirm it could not be loaded. Please reload the page.
        </p>
      )}
    </div>
  );
}
