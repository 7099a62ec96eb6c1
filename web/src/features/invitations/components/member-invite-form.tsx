import { zodResolver } from "@hookform/resolvers/zod";
import { CLIENT_MSG } from "@common/clients";
import { INVITATION_MSG } from "@common/invitation-messages";
import { useState } from "react";
import { Controller, useForm } from "react-hook-form";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { ChoiceField } from "@/components/ui/choice-field";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { errorMessage } from "@/lib/api-client";
import { toast } from "@/lib/toast";
import { useCreateInvitation } from "../api/create-invitation";
import { memberInviteFormSchema, type MemberInviteForm } from "../invite-form-schemas";
import { memberInviteRoles } from "../role-choices";

/**
 * /clients/invite: an e-mail (sent lower-cased) and a role. Administrators choose among
 * Client, Staff and Administrator; staff invite clients only, so they see no choice.
 */
export function MemberInviteForm({ isAdmin, hasFirm, onSent }: { isAdmin: boolean; hasFirm: boolean; onSent: (email: string) => void }) {
  const form = useForm<MemberInviteForm>({ resolver: zodResolver(memberInviteFormSchema), defaultValues: { email: "", role: "regular_user" } });
  const invite = useCreateInvitation();
  const [serverError, setServerError] = useState<string>();
  const { errors } = form.formState;
  const fail = (message: string) => {
    setServerError(message);
    toast.error(message);
  };

  const onSubmit = form.handleSubmit(({ email, role }) => {
    setServerError(undefined);
    if (!hasFirm) return fail(CLIENT_MSG.noFirmId);
    const to = email.toLowerCase();
    invite.mutate(
      { email: to, role: isAdmin ? role : "regular_user" },
      {
        onSuccess: () => {
          toast.success(INVITATION_MSG.sent(to));
          form.reset();
          onSent(to);
        },
        onError: (err) => fail(errorMessage(err, INVITATION_MSG.sendFailed)),
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
        <Input type="email" autoComplete="off" placeholder="client@example.com" {...form.register("email")} />
      </FormField>
      {isAdmin ? (
        <Controller
          control={form.control}
          name="role"
          render={({ field }) => (
            <ChoiceField
              label="Role"
              options={memberInviteRoles(true)}
              value={field.value}
              onChange={field.onChange}
              error={errors.role?.message}
              disabled={invite.isPending}
              focusRef={field.ref}
            />
          )}
        />
      ) : (
        <p className="text-sm text-muted-foreground">They will join your firm as a client.</p>
      )}
      <p className="text-sm text-muted-foreground">{INVITATION_MSG.expiresNotice}</p>
      <div>
        <Button type="submit" disabled={invite.isPending}>
          {invite.isPending ? "Sending..." : "Send Invitation"}
        </Button>
      </div>
    </form>
  );
}
