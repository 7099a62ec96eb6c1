import { zodResolver } from "@hookform/resolvers/zod";
import { VERIFIER_MSG, verifierNameSchema } from "@common/verifiers";
import { emailSchema } from "@common/auth-schemas";
import { useForm } from "react-hook-form";
import { z } from "zod";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { errorMessage } from "@/lib/api-client";
import { applyServerErrors } from "@/lib/field-errors";
import { toast } from "@/lib/toast";
import { useAddVerifier } from "../api/add-verifier";

const personSchema = z.strictObject({ name: verifierNameSchema, email: emailSchema });
type PersonInput = z.input<typeof personSchema>;
const FIELDS = ["name", "email"] as const;

/** Adds a person by name and e-mail (they are invited at once), or the owner's firm in one click. */
export function AddVerifierForm({ firmName }: { firmName: string | null }) {
  const add = useAddVerifier();
  const form = useForm<PersonInput>({
    resolver: zodResolver(personSchema),
    defaultValues: { name: "", email: "" },
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (input) => {
    try {
      await add.mutateAsync({ kind: "person", name: input.name, email: input.email });
      form.reset();
      toast.success(`${input.name.trim()} was invited by e-mail`);
    } catch (err) {
      const message = errorMessage(err, VERIFIER_MSG.addFailed);
      applyServerErrors(form.setError, err, { fields: FIELDS, fallback: message });
    }
  });

  const addFirm = () =>
    add.mutate(
      { kind: "firm" },
      {
        onSuccess: () => toast.success(`${firmName ?? "Your firm"} was asked to be a verifier`),
        onError: (err) => toast.error(errorMessage(err, VERIFIER_MSG.addFailed)),
      },
    );

  return (
    <div className="grid gap-4">
      <h3 id="add-verifier-heading" className="font-semibold">
        Add a verifier
      </h3>
      <form
        onSubmit={onSubmit}
        noValidate
        className="grid gap-4"
        aria-labelledby="add-verifier-heading"
      >
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField label="Name" error={errors.name?.message}>
            <Input autoComplete="off" {...form.register("name")} />
          </FormField>
          <FormField label="E-mail" error={errors.email?.message}>
            <Input type="email" autoComplete="off" {...form.register("email")} />
          </FormField>
        </div>
        {errors.root?.server?.message && (
          <Alert variant="destructive">{errors.root.server.message}</Alert>
        )}
        <div className="flex flex-wrap gap-3">
          <Button type="submit" disabled={isSubmitting}>
            {isSubmitting ? "Inviting..." : "Invite verifier"}
          </Button>
          {firmName && (
            <Button type="button" variant="outline" disabled={add.isPending} onClick={addFirm}>
              Add {firmName} as a verifier
            </Button>
          )}
        </div>
      </form>
    </div>
  );
}
