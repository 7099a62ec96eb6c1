import { VERIFIER_MSG, type VerifiersView } from "@common/verifiers";
import { useId } from "react";
import { Alert } from "@/components/ui/alert";
import { Label } from "@/components/ui/label";
import { NativeSelect } from "@/components/ui/native-select";
import { errorMessage } from "@/lib/api-client";
import { useSetThreshold } from "../api/set-threshold";
import { thresholdText } from "../verifier-words";

/** k, from 1 to the verifiers who have not declined; saved as soon as it is chosen. */
export function ThresholdPicker({ view }: { view: VerifiersView }) {
  const set = useSetThreshold();
  const id = useId();
  const words = thresholdText(view);
  if (view.threshold === null || !words) return null;
  const options = Array.from({ length: view.eligibleCount }, (_, i) => i + 1);
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>How many must confirm</Label>
      <div className="max-w-48">
        <NativeSelect
          id={id}
          value={String(view.threshold)}
          disabled={set.isPending}
          aria-describedby={`${id}-text`}
          onChange={(e) => set.mutate(Number(e.target.value))}
        >
          {options.map((k) => (
            <option key={k} value={k}>
              {k} of {view.eligibleCount}
            </option>
          ))}
        </NativeSelect>
      </div>
      <p id={`${id}-text`} className="text-sm text-muted-foreground">
        {words.text}
      </p>
      {words.warning && <Alert variant="warning">{words.warning}</Alert>}
      {set.error && (
        <Alert variant="destructive">{errorMessage(set.error, VERIFIER_MSG.thresholdFailed)}</Alert>
      )}
    </div>
  );
}
