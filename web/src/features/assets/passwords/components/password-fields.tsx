import { Controller, useWatch, type UseFormReturn } from "react-hook-form";
import { PasswordStrengthMeter } from "@/components/password-strength-meter";
import { FormField } from "@/components/ui/form-field";
import { Input, Textarea } from "@/components/ui/input";
import { BeneficiaryField } from "@/features/assets/components/beneficiary-field";
import type { PasswordForm } from "../password-form-schema";
import { PasswordGenerator } from "./password-generator";
import { SecretInput } from "./secret-input";

/**
 * Title, Website, Username, Password (with its strength meter and the generator), Notes and
 * Beneficiary, shared by /vault/new and the edit mode of /vault/{id}. The browser must not offer
 * the user's own saved logins here, hence the autocomplete values. `onAddBeneficiary` keeps a
 * draft of the form before the picker's "+ Add new beneficiary" leaves the screen.
 */
export function PasswordFields({
  form,
  titleHint,
  onAddBeneficiary,
}: {
  form: UseFormReturn<PasswordForm>;
  titleHint?: string;
  onAddBeneficiary?: () => void;
}) {
  const { errors } = form.formState;
  const [password = "", title = "", username = "", website = ""] = useWatch({
    control: form.control,
    name: ["password", "title", "username", "website"],
  });
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
      <div className="grid gap-2">
        <FormField label="Password" error={errors.password?.message}>
          <SecretInput autoComplete="new-password" {...form.register("password")} />
        </FormField>
        <PasswordStrengthMeter password={password} userInputs={[title, username, website]} />
      </div>
      <PasswordGenerator
        onGenerate={(generated) =>
          form.setValue("password", generated, { shouldDirty: true, shouldValidate: true })
        }
      />
      <FormField label="Notes" error={errors.notes?.message}>
        <Textarea rows={4} {...form.register("notes")} />
      </FormField>
      <Controller
        control={form.control}
        name="beneficiaryEmails"
        render={({ field }) => (
          <BeneficiaryField
            value={field.value}
            onChange={field.onChange}
            onAddNew={onAddBeneficiary}
          />
        )}
      />
    </>
  );
}
