import {
  API_KEY_NAME_MAX,
  API_SCOPES,
  API_SCOPE_LABELS,
  createApiKeySchema,
  type ApiScope,
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
import { useCreateApiKey } from "../api/create-api-key";

type Values = z.input<typeof createApiKeySchema>;
const FAILED = "Could not create the API key. Please try again.";

/** A key's name and scopes; `onCreated` gets the key's text, which is shown this once. */
export function CreateApiKeyForm({ onCreated }: { onCreated: (token: string) => void }) {
  const creation = useCreateApiKey();
  const id = useId();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm<Values, unknown, z.output<typeof createApiKeySchema>>({
    resolver: zodResolver(createApiKeySchema),
    defaultValues: { name: "", scopes: [] },
  });

  const onSubmit = handleSubmit(async (input) => {
    try {
      const made = await creation.mutateAsync(input);
      reset();
      onCreated(made.token);
    } catch (err) {
      applyServerErrors(setError, err, { fields: ["name", "scopes"], fallback: FAILED });
    }
  });

  const scopesError = errors.scopes?.message;
  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="text-lg font-semibold">
        Create an API key
      </h2>
      <FormField
        label="Name"
        hint="For example, the system that will use it."
        error={errors.name?.message}
      >
        <Input autoComplete="off" maxLength={API_KEY_NAME_MAX} {...register("name")} />
      </FormField>
      <fieldset
        className="grid gap-2"
        aria-describedby={scopesError ? `${id}-scopes-error` : undefined}
      >
        <legend className="mb-1 text-sm font-medium">What the key may do</legend>
        {API_SCOPES.map((scope: ApiScope) => (
          <label key={scope} className="flex min-h-11 items-center gap-3 text-sm">
            <input
              type="checkbox"
              value={scope}
              className="size-5 accent-primary"
              {...register("scopes")}
            />
            <span>
              {API_SCOPE_LABELS[scope]} <code className="text-muted-foreground">{scope}</code>
            </span>
          </label>
        ))}
        {scopesError && (
          <p id={`${id}-scopes-error`} role="alert" className="text-sm text-destructive">
            {scopesError}
          </p>
        )}
      </fieldset>
      {errors.root?.server?.message && (
        <Alert variant="destructive">{errors.root.server.message}</Alert>
      )}
      <div>
        <Button type="submit" disabled={creation.isPending}>
          {creation.isPending ? "Creating..." : "Create Key"}
        </Button>
      </div>
    </form>
  );
}
