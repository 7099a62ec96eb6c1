import { zodResolver } from "@hookform/resolvers/zod";
import { FIRM_EDIT_MSG, type FirmView } from "@common/firms";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { FormField } from "@/components/ui/form-field";
import { Input, Textarea } from "@/components/ui/input";
import { ApiError, errorMessage } from "@/lib/api-client";
import { toast } from "@/lib/toast";
import { useDeleteFirmLogo } from "../api/delete-firm-logo";
import { useUpdateFirm } from "../api/update-firm";
import { useUpdateFirmLogo } from "../api/update-firm-logo";
import { firmFormSchema, type FirmForm } from "../firm-form-schema";
import { LogoPicker, type LogoChange } from "./logo-picker";

/** The logo upload's refusals (unreadable, too large, not an image): said beside the logo. */
const LOGO_STATUSES = new Set([400, 413, 415]);

/** Logo, Law Firm Name, Phone Number and Address; on save the details go first, then the logo with its progress. */
export function FirmEditForm({ firm, onSaved }: { firm: FirmView; onSaved: () => void }) {
  const form = useForm<FirmForm>({
    resolver: zodResolver(firmFormSchema),
    defaultValues: { name: firm.name, phone: firm.phone ?? "", address: firm.address ?? "" },
  });
  const updateFirm = useUpdateFirm();
  const uploadLogo = useUpdateFirmLogo();
  const deleteLogo = useDeleteFirmLogo();
  const [logo, setLogo] = useState<LogoChange>({ kind: "keep" });
  const [logoError, setLogoError] = useState<string>();
  const [progress, setProgress] = useState<number | null>(null);
  const [serverError, setServerError] = useState<string>();
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async ({ name, phone, address }) => {
    setServerError(undefined);
    let isLogoStep = false;
    try {
      await updateFirm.mutateAsync({ name, phone: phone || null, address: address || null });
      if (logo.kind === "new") {
        setProgress(0);
        isLogoStep = true;
        await uploadLogo.mutateAsync({ file: logo.file, onProgress: setProgress });
      } else if (logo.kind === "remove") {
        await deleteLogo.mutateAsync();
      }
      toast.success(FIRM_EDIT_MSG.saved);
      onSaved();
    } catch (err) {
      const message = errorMessage(err, FIRM_EDIT_MSG.saveFailed);
      if (isLogoStep && err instanceof ApiError && LOGO_STATUSES.has(err.status))
        setLogoError(message);
      else setServerError(message);
    } finally {
      setProgress(null);
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-5">
      {serverError && (
        <Alert variant="destructive">
          <AlertDescription>{serverError}</AlertDescription>
        </Alert>
      )}
      <LogoPicker
        currentUrl={firm.logoUrl}
        change={logo}
        onChange={setLogo}
        error={logoError}
        onError={setLogoError}
        progress={progress}
        disabled={isSubmitting}
      />
      <FormField label="Law Firm Name" error={errors.name?.message}>
        <Input autoComplete="organization" {...form.register("name")} />
      </FormField>
      <FormField label="Phone Number (Optional)" error={errors.phone?.message}>
        <Input type="tel" autoComplete="tel" {...form.register("phone")} />
      </FormField>
      <FormField label="Address (Optional)" error={errors.address?.message}>
        <Textarea rows={3} autoComplete="street-address" {...form.register("address")} />
      </FormField>
      <div>
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? "Saving..." : "Save Firm Details"}
        </Button>
      </div>
    </form>
  );
}
