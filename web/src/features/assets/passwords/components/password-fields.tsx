import { Controller, type UseFormReturn } from "react-hook-form";
import { FormField } from "@/components/ui/form-field";
import { Input, Textarea } from "@/components/ui/input";
import { BeneficiaryField } from "@/features/assets/components/beneficiary-field";
import type { PasswordForm } from "../password-form-schema";
import { SecretInput } from "./secret-input";

/**
 * Title, Website, Username, Password, Notes and Beneficiary, shared by /vault/new and the edit
 * mode of /vault/{id}. The browser must not offer the user's own saved logins here, hence the
 * autocomplete values.
 */
export function PasswordFields({
  form,
  titleHint,
}: {
  form: UseFormReturn<PasswordForm>;
  titleHint?: string;
}) {
  const { errors } = form.formState;
  return (
    <>
      <FormField label="Title" error={errors.title?.message} hint={titleHint}>
        <Input autoComplete="off" placeholder="e.g. Online banking" {...form.register("title")} />
      </FormField>
      <FormField label="Website" error={errors.website?.message}>
        <Input
          type="text"
          inputMode="url"
          autoComplete="off"
          placeholder="https://example.com"
          {...form.register("website")}
        />
      </FormField>
      <FormField label="Username" error={errors.username?.message}>
        <Input
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          {...form.register("username")}
        />
      </FormField>
      <FormField label="Password" error={errors.password?.message}>
        <SecretInput autoComplete="new-password" {...form.register("password")} />
      </FormField>
      <FormField label="Notes" error={errors.notes?.message}>
        <Textarea rows={4} {...form.register("notes")} />
      </FormField>
      <Controller
        control={form.control}
        name="beneficiaryEmail"
        render={({ field }) => <BeneficiaryField value={field.value} onChange={field.onChange} />}
      />
    </>
  );
}
