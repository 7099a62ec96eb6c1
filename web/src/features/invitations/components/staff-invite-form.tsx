import { zodResolver } from "@hookform/resolvers/zod";
import { INVITATION_MSG } from "@common/invitations";
import { Clock } from "lucide-react";
import { useState } from "react";
import { Controller, useForm } from "react-hook-form";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { ChoiceField } from "@/components/ui/choice-field";
import { FormField } from "@/components/ui/form-field";
import { Input, Textarea } from "@/components/ui/input";
import { errorMessage } from "@/lib/api-client";
import { toast } from "@/lib/toast";
import { useCreateInvitation } from "../api/create-invitation";
import { staffInviteFormSchema, type StaffInviteForm } from "../invite-form-schemas";
import { STAFF_INVITE_ROLES } from "../role-choices";

const EMPTY: Partial<StaffInviteForm> = { email: "", role: undefined, note: "" };

/** Email Address, Staff Role and an optional Personal Note; `onSent` runs after the success toast. */
export function StaffInviteForm({ onSent }: { onSent: (email: string) => void }) {
  const form = useForm<StaffInviteForm>({ resolver: zodResolver(staffInviteFormSchema), defaultValues: EMPTY });
  const invite = useCreateInvitation();
  const [serverError, setServerError] = useState<string>();
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(({ email, role, note }) => {
    setServerError(undefined);
    const to = email.toLowerCase();
    invite.mutate(
      { email: to, role, note: note || undefined },
      {
        onSuccess: () => {
          toast.success(INVITATION_MSG.sent(to));
          form.reset(EMPTY);
          onSent(to);
        },
        onError: (err) => {
          const message = errorMessage(err, INVITATION_MSG.sendFailed);
          setServerError(message);
          toast.error(message);
        },
      },
    );
  });

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-5">
      {serverError && (
        <Alert variant="destructive">
          <AlertDescription>{serverError}</AlertDescription>
        </Alert>
      )}
      <FormField label="Email Address" error={errors.email?.message}>
        <Input type="email" autoComplete="off" placeholder="colleague@lawfirm.com" {...form.register("email")} />
      </FormField>
      <Controller
        control={form.control}
        name="role"
        render={({ field }) => (
          <ChoiceField
            label="Staff Role"
            options={STAFF_INVITE_ROLES}
            value={field.value}
            onChange={field.onChange}
            error={errors.role?.message}
            disabled={invite.isPending}
            focusRef={field.ref}
          />
        )}
      />
      <FormField label="Personal Note (Optional)" error={errors.note?.message} hint="Included in the invitation e-mail.">
        <Textarea rows={3} maxLength={1000} {...form.register("note")} />
      </FormField>
      <Alert variant="info">
        <Clock aria-hidden="true" className="size-4" />
        <AlertDescription>{INVITATION_MSG.expiresNotice}</AlertDescription>
      </Alert>
      <div>
        <Button type="submit" disabled={invite.isPending}>
          {invite.isPending ? "Sending..." : "Send Invitation"}
        </Button>
      </div>
    </form>
  );
}
