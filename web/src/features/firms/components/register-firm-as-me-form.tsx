import {
  FIRM_MSG,
  registerFirmAsMeSchema,
  type FirmView,
  type RegisterFirmAsMeInput,
} from "@common/firms";
import type { Me } from "@common/profiles";
import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { Button } from "@/components/ui/button";
import { FormField } from "@/components/ui/form-field";
import { Input, Textarea } from "@/components/ui/input";
import { ApiError } from "@/lib/api-client";
import { applyServerErrors } from "@/lib/field-errors";
import { useRegisterFirmAsMe } from "../api/register-firm-as-me";
import { ConfirmAsMeFields } from "./confirm-as-me-fields";

const FIELDS = ["name", "phone", "address", "password"] as const;

/** /firm/new: the signed-in individual's firm, with them as its first admin, in one step (decision 034). */
export function RegisterFirmAsMeForm({
  me,
  onRegistered,
}: {
  me: Me;
  onRegistered: (firm: FirmView) => void;
}) {
  const registration = useRegisterFirmAsMe();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<z.input<typeof registerFirmAsMeSchema>, unknown, RegisterFirmAsMeInput>({
    resolver: zodResolver(registerFirmAsMeSchema),
    defaultValues: { name: "", phone: "", address: "", password: "" },
  });

  const onSubmit = handleSubmit(async (input) => {
    try {
      onRegistered(await registration.mutateAsync({ ...input, email: me.email }));
    } catch (err) {
      if (err instanceof ApiError && err.message === FIRM_MSG.firmNameTaken)
        return setError("name", { message: FIRM_MSG.firmNameTaken }, { shouldFocus: true });
      applyServerErrors(setError, err, { fields: FIELDS, fallback: FIRM_MSG.firmCreateFailed });
    }
  });

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
      <ConfirmAsMeFields
        me={me}
        password={register("password")}
        passwordError={errors.password?.message}
        serverError={errors.root?.server?.message}
      />
      <Button type="submit" disabled={registration.isPending} className="w-full">
        {registration.isPending ? "Registering Firm..." : "Register Firm"}
      </Button>
    </form>
  );
}
