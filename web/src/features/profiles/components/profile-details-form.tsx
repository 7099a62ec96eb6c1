import { zodResolver } from "@hookform/resolvers/zod";
import { profileUpdateSchema, PROFILE_MSG } from "@common/profiles";
import { useForm } from "react-hook-form";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { FormField } from "@/components/ui/form-field";
import { Input, Textarea } from "@/components/ui/input";
import { applyServerErrors } from "@/lib/field-errors";
import type { Me } from "@/lib/me";
import { toast } from "@/lib/toast";
import { useWarnOnLeave } from "@/lib/use-warn-on-leave";
import { useUpdateProfile } from "../api/update-profile";

const FIELDS = ["name", "phone", "address"] as const;
const toValues = (me: Me) => ({ name: me.name, phone: me.phone ?? "", address: me.address ?? "" });

/** Name, phone and address. (The e-mail address, with its change, is the "E-mail address" card.) */
export function ProfileDetailsForm({ me }: { me: Me }) {
  const form = useForm({ resolver: zodResolver(profileUpdateSchema), defaultValues: toValues(me) });
  const update = useUpdateProfile();
  const { errors } = form.formState;
  useWarnOnLeave(form.formState.isDirty && !update.isPending);
  const onSubmit = form.handleSubmit(({ name, phone, address }) => {
    update.mutate(
      { name, phone: phone || null, address: address || null },
      {
        onSuccess: ({ user }) => {
          toast.success(PROFILE_MSG.profileSaved);
          form.reset(toValues(user));
        },
        onError: (err) => {
          applyServerErrors(form.setError, err, {
            fields: FIELDS,
            fallback: PROFILE_MSG.profileSaveFailed,
          });
        },
      },
    );
  });
  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4">
      {errors.root?.server?.message && (
        <Alert variant="destructive">
          <AlertDescription>{errors.root.server.message}</AlertDescription>
        </Alert>
      )}
      <FormField label="Full name" error={errors.name?.message}>
        <Input autoComplete="name" {...form.register("name")} />
      </FormField>
      <FormField label="Phone (optional)" error={errors.phone?.message}>
        <Input type="tel" autoComplete="tel" {...form.register("phone")} />
      </FormField>
      <FormField label="Address (optional)" error={errors.address?.message}>
        <Textarea autoComplete="street-address" rows={3} {...form.register("address")} />
      </FormField>
      <div>
        <Button type="submit" disabled={update.isPending}>
          {update.isPending ? "Saving..." : "Save changes"}
        </Button>
      </div>
    </form>
  );
}
