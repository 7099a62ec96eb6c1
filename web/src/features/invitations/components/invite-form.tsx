import { zodResolver } from "@hookform/resolvers/zod";
import { CLIENT_MSG } from "@common/clients";
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
import type { InviteFormConfig, InviteFormValues } from "../invite-form-configs";

type Props = InviteFormConfig & {
  /** Without a firm nothing is sent: the form says so (the screen's guard normally keeps such users out). */
  hasFirm?: boolean;
  /** Runs after the success toast, with the (lower-cased) address. */
  onSent: (email: string) => void;
};

/**
 * The one invite form (/staff/invite, /clients/invite): an e-mail (sent lower-cased), a role chosen
 * among the screen's choices or fixed, and, where the screen has it, a personal note.
 */
export function InviteForm({
  schema,
  defaultRole,
  role: roleConfig,
  emailPlaceholder,
  hasNote,
  noticeLook,
  hasFirm = true,
  onSent,
}: Props) {
  const form = useForm<InviteFormValues>({
    resolver: zodResolver(schema),
    defaultValues: { email: "", role: defaultRole, note: "" },
  });
  const invite = useCreateInvitation();
  const [serverError, setServerError] = useState<string>();
  const { errors } = form.formState;
  const fail = (message: string) => {
    setServerError(message);
  };

  const onSubmit = form.handleSubmit(({ email, role, note }) => {
    setServerError(undefined);
    if (!hasFirm) return fail(CLIENT_MSG.noFirmId);
    const invited = "fixed" in roleConfig ? roleConfig.fixed : role;
    if (!invited) return;
    const to = email.toLowerCase();
    invite.mutate(
      { email: to, role: invited, note: note || undefined },
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
        <Input
          type="email"
          autoComplete="off"
          placeholder={emailPlaceholder}
          {...form.register("email")}
        />
      </FormField>
      {"fixed" in roleConfig ? (
        <p className="text-sm text-muted-foreground">{roleConfig.text}</p>
      ) : (
        <Controller
          control={form.control}
          name="role"
          render={({ field }) => (
            <ChoiceField
              label={roleConfig.label}
              options={roleConfig.options}
              value={field.value}
              onChange={field.onChange}
              error={errors.role?.message}
              disabled={invite.isPending}
              focusRef={field.ref}
            />
          )}
        />
      )}
      {hasNote && (
        <FormField
          label="Personal Note (Optional)"
          error={errors.note?.message}
          hint="Included in the invitation e-mail."
        >
          <Textarea rows={3} maxLength={1000} {...form.register("note")} />
        </FormField>
      )}
      {noticeLook === "alert" ? (
        <Alert variant="info">
          <Clock aria-hidden="true" className="size-4" />
          <AlertDescription>{INVITATION_MSG.expiresNotice}</AlertDescription>
        </Alert>
      ) : (
        <p className="text-sm text-muted-foreground">{INVITATION_MSG.expiresNotice}</p>
      )}
      <div>
        <Button type="submit" disabled={invite.isPending}>
          {invite.isPending ? "Sending..." : "Send Invitation"}
        </Button>
      </div>
    </form>
  );
}
