import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { useWarnOnLeave } from "@/lib/use-warn-on-leave";
import { Link } from "react-router";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { FormField } from "@/components/ui/form-field";
import { Input, Textarea } from "@/components/ui/input";
import { RoleCheckbox } from "@/components/role-checkbox";
import { ROLE_TEXT } from "@common/beneficiaries";
import { applyServerErrors } from "@/lib/field-errors";
import { errorMessage } from "@/lib/api-client";
import type { BeneficiaryInput } from "../api/create-beneficiary";
import {
  BENEFICIARY_FIELDS,
  beneficiaryFormSchema,
  toBeneficiaryInput,
  type BeneficiaryForm,
} from "../beneficiary-form-schema";

const EMPTY: BeneficiaryForm = {
  name: "",
  email: "",
  phone: "",
  relationship: "",
  notes: "",
  isExecutor: false,
  isLegalContact: false,
};

/**
 * Name, Email, Phone, Relationship, Notes and the person's roles (decision 091). `onSubmit` saves and resolves, or throws; a
 * failure shows the server's message (or `failedMessage`) as a toast and above the form, and
 * the server's per-field messages beside their fields.
 */
export function BeneficiaryFormFields({
  initial = EMPTY,
  submitLabel,
  pendingLabel,
  failedMessage,
  cancelTo,
  emailHint,
  onSubmit,
}: {
  initial?: BeneficiaryForm;
  submitLabel: string;
  pendingLabel: string;
  failedMessage: string;
  cancelTo: string;
  emailHint?: string;
  onSubmit: (input: BeneficiaryInput) => Promise<void>;
}) {
  const form = useForm<BeneficiaryForm>({
    resolver: zodResolver(beneficiaryFormSchema),
    defaultValues: initial,
  });
  const { errors, isSubmitting } = form.formState;
  useWarnOnLeave(form.formState.isDirty && !isSubmitting);

  const submit = form.handleSubmit(async (values) => {
    try {
      await onSubmit(toBeneficiaryInput(values));
    } catch (err) {
      const message = errorMessage(err, failedMessage);
      applyServerErrors(form.setError, err, { fields: BENEFICIARY_FIELDS, fallback: message });
    }
  });

  return (
    <form onSubmit={submit} noValidate className="grid gap-5">
      {errors.root?.server?.message && (
        <Alert variant="destructive">
          <AlertDescription>{errors.root.server.message}</AlertDescription>
        </Alert>
      )}
      <FormField label="Name" error={errors.name?.message}>
        <Input autoComplete="off" aria-required="true" {...form.register("name")} />
      </FormField>
      <FormField label="Email" error={errors.email?.message} hint={emailHint}>
        <Input type="email" autoComplete="off" aria-required="true" {...form.register("email")} />
      </FormField>
      <FormField label="Phone (Optional)" error={errors.phone?.message}>
        <Input type="tel" autoComplete="off" {...form.register("phone")} />
      </FormField>
      <FormField
        label="Relationship (Optional)"
        error={errors.relationship?.message}
        hint="For example: spouse, daughter, attorney."
      >
        <Input autoComplete="off" {...form.register("relationship")} />
      </FormField>
      <FormField label="Notes (Optional)" error={errors.notes?.message}>
        <Textarea rows={4} {...form.register("notes")} />
      </FormField>
      <fieldset className="grid gap-2">
        <legend className="mb-2 text-sm font-medium">Roles (Optional)</legend>
        <RoleCheckbox
          label={ROLE_TEXT.executor.label}
          hint={ROLE_TEXT.executor.hint}
          {...form.register("isExecutor")}
        />
        <RoleCheckbox
          label={ROLE_TEXT.legal_contact.label}
          hint={ROLE_TEXT.legal_contact.hint}
          {...form.register("isLegalContact")}
        />
      </fieldset>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? pendingLabel : submitLabel}
        </Button>
        <Button asChild variant="outline">
          <Link to={cancelTo}>Cancel</Link>
        </Button>
      </div>
    </form>
  );
}
