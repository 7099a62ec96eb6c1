import type { UseFormReturn } from "react-hook-form";
import { useWatch } from "react-hook-form";
import { NewPasswordField } from "@/components/new-password-field";
import { ChoiceField, type Choice } from "@/components/ui/choice-field";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";

export type ExportFormat = "zip" | "archive";
export type ArchivePasswordForm = { newPassword: string; confirmPassword: string };

const FORMATS: Choice<ExportFormat>[] = [
  {
    value: "zip",
    label: "ZIP file, not encrypted",
    description: "Opens on any computer. Anyone who has the file can read all of it.",
  },
  {
    value: "archive",
    label: "Encrypted archive (.lvault)",
    description:
      "Locked with a password you choose now. Legacy Vault's import opens it again and brings your passwords back; without the password nobody can open it, not even us.",
  },
];

/**
 * The export's format, and for an encrypted archive its password typed twice (the same rules
 * and strength meter as an account password; it never leaves this browser).
 */
export function ExportFormatField({
  format,
  onFormatChange,
  form,
  disabled,
  userInputs,
}: {
  format: ExportFormat;
  onFormatChange: (format: ExportFormat) => void;
  form: UseFormReturn<ArchivePasswordForm>;
  disabled: boolean;
  userInputs: string[];
}) {
  const password = useWatch({ control: form.control, name: "newPassword" }) ?? "";
  const { errors } = form.formState;
  return (
    <div className="grid gap-4">
      <ChoiceField
        label="Format"
        options={FORMATS}
        value={format}
        onChange={onFormatChange}
        disabled={disabled}
      />
      {format === "archive" && (
        <fieldset disabled={disabled} className="grid gap-4">
          <legend className="sr-only">Archive password</legend>
          <NewPasswordField
            label="Archive password"
            error={errors.newPassword?.message}
            registration={form.register("newPassword")}
            password={password}
            userInputs={userInputs}
          />
          <FormField label="Confirm archive password" error={errors.confirmPassword?.message}>
            <Input
              type="password"
              autoComplete="new-password"
              aria-required="true"
              {...form.register("confirmPassword")}
            />
          </FormField>
        </fieldset>
      )}
    </div>
  );
}
