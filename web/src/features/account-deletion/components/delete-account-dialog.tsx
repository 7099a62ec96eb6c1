import { zodResolver } from "@hookform/resolvers/zod";
import {
  ACCOUNT_DELETION_GRACE_DAYS,
  ACCOUNT_DELETION_MSG,
  accountDeletionFormSchema,
} from "@common/account-deletion";
import { AUTH_MSG } from "@common/auth";
import { useId, useMemo, useState } from "react";
import { useForm } from "react-hook-form";
import { ConfirmActionDialog } from "@/components/ui/confirm-action-dialog";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { DerivingStatus } from "@/components/keys/deriving-status";
import { ApiError, errorMessage } from "@/lib/api-client";
import { toast } from "@/lib/toast";
import { useCreateAccountDeletion } from "../api/create-account-deletion";

const EMPTY = { confirmation: "", currentPassword: "" };

/**
 * "Delete your account?": the person types their e-mail address and their password (decision
 * 042). The address is checked here first, the password by the server; a wrong one, a firm's last
 * administrator or any failure keeps the dialog open and says why.
 */
export function DeleteAccountDialog({
  email,
  isOpen,
  onClose,
  onCloseAutoFocus,
}: {
  email: string;
  isOpen: boolean;
  onClose: () => void;
  /** Where focus goes once closed (after a request, the button that opened it is gone). */
  onCloseAutoFocus: (event: Event) => void;
}) {
  const formId = useId();
  const schema = useMemo(() => accountDeletionFormSchema(email), [email]);
  const form = useForm({ resolver: zodResolver(schema), defaultValues: EMPTY });
  const create = useCreateAccountDeletion();
  const [failure, setFailure] = useState<string>();
  const { errors } = form.formState;

  const close = () => {
    form.reset(EMPTY);
    setFailure(undefined);
    create.reset();
    onClose();
  };
  const onSubmit = form.handleSubmit(({ confirmation, currentPassword }) => {
    setFailure(undefined);
    create.mutate(
      { email, confirmation, password: currentPassword },
      {
        onSuccess: () => {
          toast.success(ACCOUNT_DELETION_MSG.requested);
          close();
        },
        onError: (err) => {
          const field = err instanceof ApiError ? err.fields : undefined;
          if (field?.currentPassword)
            return form.setError(
              "currentPassword",
              { message: AUTH_MSG.currentPasswordWrong },
              { shouldFocus: true },
            );
          if (field?.confirmation)
            return form.setError(
              "confirmation",
              { message: field.confirmation },
              { shouldFocus: true },
            );
          setFailure(errorMessage(err, ACCOUNT_DELETION_MSG.requestFailed));
        },
      },
    );
  });

  return (
    <ConfirmActionDialog
      isOpen={isOpen}
      title="Delete your account?"
      description={`Your account is deleted in ${ACCOUNT_DELETION_GRACE_DAYS} days. Until then you can cancel it here or with the link we e-mail you. After that your passwords, documents, notes, beneficiaries, keys and release plan are erased, you leave any firm, and this cannot be undone.`}
      confirmLabel="Delete my account"
      pendingLabel="Deleting..."
      isPending={create.isPending}
      failure={failure}
      formId={formId}
      onCancel={close}
      onCloseAutoFocus={onCloseAutoFocus}
    >
      <form id={formId} onSubmit={onSubmit} noValidate className="grid gap-4">
        <FormField
          label={
            <>
              Type <span className="font-semibold wrap-anywhere">{email}</span> to confirm
            </>
          }
          error={errors.confirmation?.message}
        >
          <Input
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            autoFocus
            {...form.register("confirmation")}
          />
        </FormField>
        {/* Lets password managers fill the password of the right account. */}
        <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
        <FormField label="Password" error={errors.currentPassword?.message}>
          <Input
            type="password"
            autoComplete="current-password"
            {...form.register("currentPassword")}
          />
        </FormField>
        {create.isPending && <DerivingStatus />}
      </form>
    </ConfirmActionDialog>
  );
}
