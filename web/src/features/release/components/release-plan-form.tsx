import { zodResolver } from "@hookform/resolvers/zod";
import {
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
import { toast } from "@/lib/toast";
import { useUpdateReleasePlan } from "../api/update-release-plan";
import { INACTIVITY_OPTIONS, REMINDERS_TEXT, WAIT_OPTIONS } from "../plan-choices";

const FIELDS = ["inactivityMonths", "waitDays"] as const;

/** The owner's plan: the inactivity trigger (off by default) and the waiting period, each with what it does. */
export function ReleasePlanForm({ plan }: { plan: ReleasePlanView["plan"] }) {
  const update = useUpdateReleasePlan();
  const form = useForm<ReleasePlanInput>({
    resolver: zodResolver(releasePlanSchema),
    defaultValues: { inactivityMonths: plan.inactivityMonths, waitDays: plan.waitDays },
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (input) => {
    try {
      const view = await update.mutateAsync(input);
      form.reset({ inactivityMonths: view.plan.inactivityMonths, waitDays: view.plan.waitDays });
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
