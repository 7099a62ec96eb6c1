import type { ReleasePlanView } from "@common/release";
import { Plane } from "lucide-react";
import { useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardHeading } from "@/components/ui/card";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { errorMessage } from "@/lib/api-client";
import { formatDay, isoDay } from "@/lib/format";
import { useEndPause } from "../api/end-pause";
import { useSetPause } from "../api/set-pause";

const DAY_MS = 24 * 60 * 60 * 1000;
/** The pause ends at the start of the day after the last day away (UTC): that last day, YYYY-MM-DD. */
const lastDayAway = (pausedUntil: string) =>
  new Date(new Date(pausedUntil).getTime() - DAY_MS).toISOString().slice(0, 10);
const FAILED = "That did not work. Please try again.";

/**
 * "I'm away" (decision 085): travel or a stay in hospital. While paused nothing counts against the
 * owner: no reminders, no request to their verifiers, no waiting period. One action at a time.
 */
export function PauseCard({ plan }: { plan: ReleasePlanView["plan"] }) {
  const pause = useSetPause();
  const end = useEndPause();
  const [until, setUntil] = useState("");
  const [now] = useState(() => Date.now());
  if (plan.inactivityMonths === null) return null;
  const error = pause.error ?? end.error;
  return (
    <Card role="region" aria-labelledby="pause-heading">
      <CardHeader className="pb-2">
        <CardHeading id="pause-heading" icon={Plane}>
          Going away?
        </CardHeading>
      </CardHeader>
      <CardContent className="grid gap-4">
        {plan.pausedUntil ? (
          <>
            <p aria-live="polite">
              <span className="font-semibold">
                Paused: you are away until{" "}
                <time dateTime={lastDayAway(plan.pausedUntil)}>
                  {formatDay(lastDayAway(plan.pausedUntil))}
                </time>
                .
              </span>{" "}
              Nothing counts against you until then: no reminders, no request to your verifiers, no
              waiting period. Your countdown starts again the day after.
            </p>
            <div>
              <Button type="button" disabled={end.isPending} onClick={() => end.mutate()}>
                I'm back: end the pause
              </Button>
            </div>
          </>
        ) : plan.maxPauseDays === 0 ? (
          <p className="text-sm">
            Your plan allows no pauses. To allow one, choose a longest pause in your plan.
          </p>
        ) : (
          <form
            noValidate
            className="grid gap-3"
            onSubmit={(e) => {
              e.preventDefault();
              pause.mutate({ until });
            }}
          >
            <FormField
              label="I'm away until"
              hint={`Travel or a stay in hospital: pause your countdown for up to ${plan.maxPauseDays} days. Nothing is released while you are away.`}
            >
              <Input
                type="date"
                value={until}
                min={isoDay(new Date(now + DAY_MS))}
                max={isoDay(new Date(now + plan.maxPauseDays * DAY_MS))}
                aria-required="true"
                onChange={(e) => setUntil(e.target.value)}
              />
            </FormField>
            <div>
              <Button type="submit" disabled={pause.isPending || !until}>
                Pause
              </Button>
            </div>
          </form>
        )}
        {error && <Alert variant="destructive">{errorMessage(error, FAILED)}</Alert>}
      </CardContent>
    </Card>
  );
}
