import {
  FIRM_MSG,
  FIRM_ONBOARDING_MSG,
  createFirmSchema,
  type CreatedFirmView,
  type CreateFirmInput,
} from "@common/firms";
import { zodResolver } from "@hookform/resolvers/zod";
import { useEffect } from "react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { FormField } from "@/components/ui/form-field";
import { Input, Textarea } from "@/components/ui/input";
import { ApiError } from "@/lib/api-client";
import { toast } from "@/lib/toast";
import { useCreateFirm } from "../api/create-firm";
import { applyServerErrors } from "@/lib/field-errors";

/** A firm created in step 1, with the details it was created from. */
export type RegisteredFirm = CreatedFirmView & { details: CreateFirmInput };

const FIELDS = ["name", "phone", "address"] as const;
const isSame = (a: CreateFirmInput, b: CreateFirmInput) =>
  a.name === b.name && a.phone === b.phone && a.address === b.address;

type Props = {
  firm: RegisteredFirm | null;
  /** Why the wizard came back here (the firm was lost), shown above the button. */
  notice?: string;
  /** Focus the first field: the wizard just came back here. */
  shouldFocus: boolean;
  onFirmReady: (firm: RegisteredFirm) => void;
};

/** Step 1 of /firm-register: creates the firm. Unchanged details of a firm created before just continue. */
export function FirmDetailsForm({ firm, notice, shouldFocus, onFirmReady }: Props) {
  const creation = useCreateFirm();
  const {
    register,
    handleSubmit,
    setError,
    setFocus,
    formState: { errors },
  } = useForm<z.input<typeof createFirmSchema>, unknown, CreateFirmInput>({
    resolver: zodResolver(createFirmSchema),
    defaultValues: { name: "", phone: "", address: "" },
  });

  useEffect(() => {
    if (shouldFocus) setFocus("name");
  }, [shouldFocus, setFocus]);

  const onSubmit = handleSubmit(async (details) => {
    if (firm && isSame(firm.details, details)) return onFirmReady(firm);
    try {
      const created = await creation.mutateAsync(details);
      toast.success(FIRM_MSG.firmCreated);
      onFirmReady({ ...created, details });
    } catch (err) {
      toast.error(FIRM_ONBOARDING_MSG.firmCreateFailedToast);
      if (err instanceof ApiError && err.status === 409)
        return setError("name", { message: FIRM_MSG.firmNameTaken }, { shouldFocus: true });
      applyServerErrors(setError, err, { fields: FIELDS, fallback: FIRM_MSG.firmCreateFailed });
    }
  });

  const formError = errors.root?.server?.message ?? notice;
  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4">
      <FormField label="Law Firm Name" error={errors.name?.message}>
        <Input autoComplete="organization" aria-required="true" {...register("name")} />
      </FormField>
      <FormField label="Phone Number (Optional)" error={errors.phone?.message}>
        <Input type="tel" autoComplete="tel" {...register("phone")} />
      </FormField>
      <FormField label="Address (Optional)" error={errors.address?.message}>
        <Textarea rows={3} autoComplete="street-address" {...register("address")} />
      </FormField>
      {formError && <Alert variant="destructive">{formError}</Alert>}
      <Button type="submit" disabled={creation.isPending} className="w-full">
        {creation.isPending ? "Creating Firm..." : "Continue to Admin Setup"}
      </Button>
    </form>
  );
}
