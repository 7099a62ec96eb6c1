import {
  WEBHOOK_EVENTS,
  WEBHOOK_EVENT_LABELS,
  WEBHOOK_URL_MAX,
  createWebhookSchema,
} from "@common/firm-api";
import { zodResolver } from "@hookform/resolvers/zod";
import { useId } from "react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { applyServerErrors } from "@/lib/field-errors";
import { useCreateWebhook } from "../api/create-webhook";

type Values = z.input<typeof createWebhookSchema>;
const FAILED = "Could not add the webhook. Please try again.";

/** Where to send and which events; `onCreated` gets the signing secret, shown this once. */
export function CreateWebhookForm({ onCreated }: { onCreated: (secret: string) => void }) {
  const creation = useCreateWebhook();
  const id = useId();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm<Values, unknown, z.output<typeof createWebhookSchema>>({
    resolver: zodResolver(createWebhookSchema),
    defaultValues: { url: "", events: [] },
  });

  const onSubmit = handleSubmit(async (input) => {
    try {
      const made = await creation.mutateAsync(input);
      reset();
      onCreated(made.secret);
    } catch (err) {
      applyServerErrors(setError, err, { fields: ["url", "events"], fallback: FAILED });
    }
  });

  const eventsError = errors.events?.message;
  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className="text-lg font-semibold">
        Add a webhook
      </h3>
      <FormField
        label="URL"
        hint="We POST signed JSON here. It must start with https://."
        error={errors.url?.message}
      >
        <Input
          type="url"
          inputMode="url"
          autoComplete="off"
          placeholder="https://example.com/legacy-vault"
          maxLength={WEBHOOK_URL_MAX}
          {...register("url")}
        />
      </FormField>
      <fieldset
        className="grid gap-2"
        aria-describedby={eventsError ? `${id}-events-error` : undefined}
      >
        <legend className="mb-1 text-sm font-medium">Events</legend>
        {WEBHOOK_EVENTS.map((event) => (
          <label key={event} className="flex min-h-11 items-center gap-3 text-sm">
            <input
              type="checkbox"
              value={event}
              className="size-5 accent-primary"
              {...register("events")}
            />
            <span>{WEBHOOK_EVENT_LABELS[event]}</span>
          </label>
        ))}
        {eventsError && (
          <p id={`${id}-events-error`} role="alert" className="text-sm text-destructive">
            {eventsError}
          </p>
        )}
      </fieldset>
      {errors.root?.server?.message && (
        <Alert variant="destructive">{errors.root.server.message}</Alert>
      )}
      <div>
        <Button type="submit" disabled={creation.isPending}>
          {creation.isPending ? "Adding..." : "Add Webhook"}
        </Button>
      </div>
    </form>
  );
}
