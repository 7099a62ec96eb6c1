import {
  INCAPACITY_ACCESS_DAYS,
  INCAPACITY_WAIT_DAYS,
  type IncapacityView,
} from "@common/incapacity";
import { useId, useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Label } from "@/components/ui/label";
import { NativeSelect } from "@/components/ui/native-select";
import { errorMessage } from "@/lib/api-client";
import { useUpdateIncapacitySettings } from "../api/update-incapacity-settings";

const days = (n: number) => (n === 1 ? "1 day" : `${n} days`);

/** The incapacity scope's own wait and how long caregivers can read (decision 093). */
export function SettingsForm({ view }: { view: IncapacityView }) {
  const save = useUpdateIncapacitySettings();
  const [waitDays, setWaitDays] = useState(view.waitDays);
  const [accessDays, setAccessDays] = useState(view.accessDays);
  const waitId = useId();
  const accessId = useId();
  return (
    <form
      noValidate
      className="grid gap-4"
      onSubmit={(e) => {
        e.preventDefault();
        save.mutate({ waitDays, accessDays });
      }}
    >
      <div className="grid max-w-sm gap-2">
        <Label htmlFor={waitId}>Wait before they can read</Label>
        <NativeSelect
          id={waitId}
          value={waitDays}
          aria-describedby={`${waitId}-hint`}
          onChange={(e) => setWaitDays(Number(e.target.value))}
        >
          {INCAPACITY_WAIT_DAYS.map((n) => (
            <option key={n} value={n}>
              {days(n)}
            </option>
          ))}
        </NativeSelect>
        <p id={`${waitId}-hint`} className="text-xs text-muted-foreground">
          After your verifiers confirm that you cannot act. Signing in during this time stops it.
        </p>
      </div>
      <div className="grid max-w-sm gap-2">
        <Label htmlFor={accessId}>How long they can read</Label>
        <NativeSelect
          id={accessId}
          value={accessDays}
          aria-describedby={`${accessId}-hint`}
          onChange={(e) => setAccessDays(Number(e.target.value))}
        >
          {INCAPACITY_ACCESS_DAYS.map((n) => (
            <option key={n} value={n}>
              {days(n)}
            </option>
          ))}
        </NativeSelect>
        <p id={`${accessId}-hint`} className="text-xs text-muted-foreground">
          Their access ends sooner as soon as you sign in again.
        </p>
      </div>
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" disabled={save.isPending}>
          Save
        </Button>
        <p role="status" className="text-sm text-muted-foreground">
          {save.isSuccess ? "Saved." : ""}
        </p>
      </div>
      {save.error && (
        <Alert variant="destructive">{errorMessage(save.error, "That did not work.")}</Alert>
      )}
    </form>
  );
}
