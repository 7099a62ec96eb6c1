import { zodResolver } from "@hookform/resolvers/zod";
import { profileUpdateSchema, PROFILE_MSG } from "@common/profiles";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { FormField } from "@/components/ui/form-field";
import { Input, Textarea } from "@/components/ui/input";
import type { Me } from "@/lib/me";
import { ApiError, errorMessage } from "@/lib/api-client";
import { toast } from "@/lib/toast";
import { useUpdateProfile } from "../api/update-profile";

const FIELDS = ["name", "phone", "address"] as const;
const toValues = (me: Me) => ({ name: me.name, phone: me.phone ?? "", address: me.address ?? "" });

/** Name, phone and address; the e-mail is shown but cannot be changed here. */
export function ProfileDetailsForm({ me }: { me: Me }) {
  const form = useForm({ resolver: zodResolver(profileUpdateSchema), defaultValues: toValues(me) });
  const update = useUpdateProfile();
  const [serverError, setServerError] = useState<string>();
  const { errors } = form.formState;
  const onSubmit = form.handleSubmit(({ name, phone, address }) => {
    setServerError(undefined);
    update.mutate(
      { name, phone: phone || null, address: address || null },
      {
        onSuccess: ({ user }) => {
          toast.success(PROFILE_MSG.profileSaved);
          form.reset(toValues(user));
        },
        onError: (err) => {
          const fields = err instanceof ApiError ? err.fields : undefined;
          const known = FIELDS.filter((f) => fields?.[f]);
          if (known.length > 0) return known.forEach((f, i) => form.setError(f, { message: fields?.[f] }, { shouldFocus: i === 0 }));
          const message = errorMessage(err, PROFILE_MSG.profileSaveFailed);
          setServerError(message);
          toast.error(message);
        },
      },
    );
  });
  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4">
      {serverError && (
        <Alert variant="destructive">
          <AlertDescription>{serverError}</AlertDescription>
        </Alert>
      )}
      <FormField label="Full name" error={errors.name?.message}>
        <Input autoComplete="name" {...form.register("name")} />
      </FormField>
      <FormField label="Email" hint="Your e-mail address is how you sign in; it cannot be changed here.">
        <Input type="email" value={me.email} readOnly className="read-only:bg-muted" />
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
