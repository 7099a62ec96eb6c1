import { zodResolver } from "@hookform/resolvers/zod";
import {
  DEFAULT_MAX_PAUSE_DAYS,
  ESCALATION_DAYS,
  MAX_PAUSE_DAYS,
  RELEASE_MSG,
  releasePlanSchema,
  type ReleasePlanInput,
  type ReleasePlanView,
} from "@common/release";
import { Controller, useForm } from "react-hook-form";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { FormField } from "@/components/ui/form-field";
import { NativeSelect } from "@/components/ui/native-select";
import { applyServerErrors } from "@/lib/field-errors";
import { errorMessage } from "@/lib/api-client";
import { formatCount } from "@/lib/format";
import { toast } from "@/lib/toast";
import { useUpdateReleasePlan } from "../api/update-release-plan";
import { INACTIVITY_OPTIONS, REMINDERS_TEXT, WAIT_OPTIONS } from "../plan-choices";

const FIELDS = ["inactivityMonths", "waitDays", "maxPauseDays", "requireVerifier"] as const;
const fromPlan = (p: ReleasePlanView["plan"]): ReleasePlanInput => ({
  inactivityMonths: p.inactivityMonths,
  waitDays: p.waitDays,
  maxPauseDays: p.maxPauseDays,
  requireVerifier: p.requireVerifier,
});

/** The owner's plan: the inactivity trigger (off by default) and the waiting period, each with what it does. */
export function ReleasePlanForm({ plan }: { plan: ReleasePlanView["plan"] }) {
  const update = useUpdateReleasePlan();
  const form = useForm<ReleasePlanInput>({
    resolver: zodResolver(releasePlanSchema),
    defaultValues: fromPlan(plan),
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (input) => {
    try {
      const view = await update.mutateAsync(input);
      form.reset(fromPlan(view.plan));
      toast.success(RELEASE_MSG.planSaved);
    } catch (err) {
      const message = errorMessage(err, RELEASE_MSG.planSaveFailed);
      applyServerErrors(form.setError, err, { fields: FIELDS, fallback: message });
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-5">
      <Controller
        control={form.control}
        name="inactivityMonths"
        render={({ field }) => (
          <FormField
            label="Inactivity trigger"
            error={errors.inactivityMonths?.message}
            hint={`If you do not check in for this long, the waiting period starts. We e-mail you reminders ${REMINDERS_TEXT} before. Signing in counts as a check-in.`}
          >
            <NativeSelect
              ref={field.ref}
              name={field.name}
              value={INACTIVITY_OPTIONS.find((o) => o.months === field.value)?.value ?? "off"}
              onChange={(e) =>
                field.onChange(
                  INACTIVITY_OPTIONS.find((o) => o.value === e.target.value)?.months ?? null,
                )
              }
              onBlur={field.onBlur}
            >
              {INACTIVITY_OPTIONS.map((o) => (
                <option key={o.value} value={o.value}>
                  {o.label}
                </option>
              ))}
            </NativeSelect>
          </FormField>
        )}
      />
      <Controller
        control={form.control}
        name="waitDays"
        render={({ field }) => (
          <FormField
            label="Waiting period"
            error={errors.waitDays?.message}
            hint="A release waits this long before anything is handed out. During the wait we e-mail you and you can cancel it. At the end, each beneficiary gets an e-mail and can open only the items left to them, for one year."
          >
            <NativeSelect
              ref={field.ref}
              name={field.name}
              value={String(field.value)}
              onChange={(e) =>
                field.onChange(WAIT_OPTIONS.find((o) => o.value === e.target.value)?.days)
              }
              onBlur={field.onBlur}
            >
              {WAIT_OPTIONS.map((o) => (
                <option key={o.value} value={o.value}>
                  {o.label}
                </option>
              ))}
            </NativeSelect>
          </FormField>
        )}
      />
      <Controller
        control={form.control}
        name="requireVerifier"
        render={({ field }) => (
          <FormField
            label="Before any wait starts"
            error={errors.requireVerifier?.message}
            hint="When your inactivity period ends, your verifiers are first asked to try to reach you. If you choose 'never', nothing is released until enough of them say they could not reach you."
          >
            <NativeSelect
              ref={field.ref}
              name={field.name}
              value={field.value ? "required" : "window"}
              onChange={(e) => field.onChange(e.target.value === "required")}
              onBlur={field.onBlur}
            >
              <option value="window">{`Give my verifiers ${ESCALATION_DAYS} days to reach me`}</option>
              <option value="required">Never release without a verifier</option>
            </NativeSelect>
          </FormField>
        )}
      />
      <Controller
        control={form.control}
        name="maxPauseDays"
        render={({ field }) => (
          <FormField
            label="Longest pause"
            error={errors.maxPauseDays?.message}
            hint="Going away or into hospital? You can pause your countdown for up to this long. A limit keeps a forgotten pause from holding your plan back for ever."
          >
            <NativeSelect
              ref={field.ref}
              name={field.name}
              value={String(field.value ?? DEFAULT_MAX_PAUSE_DAYS)}
              onChange={(e) => field.onChange(Number(e.target.value))}
              onBlur={field.onBlur}
            >
              {MAX_PAUSE_DAYS.map((d) => (
                <option key={d} value={String(d)}>
                  {d === 0 ? "No pauses" : formatCount(d, "day")}
                </option>
              ))}
            </NativeSelect>
          </FormField>
        )}
      />
      {errors.root?.server?.message && (
        <Alert variant="destructive">{errors.root.server.message}</Alert>
      )}
      <div>
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? "Saving..." : "Save"}
        </Button>
      </div>
    </form>
  );
}
