import { zodResolver } from "@hookform/resolvers/zod";
import { PASSWORD_MSG } from "@common/assets/passwords";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { useCreateAsset } from "@/features/assets/api/create-asset";
import { errorMessage } from "@/lib/api-client";
import { toast } from "@/lib/toast";
import { useWarnOnLeave } from "@/lib/use-warn-on-leave";
import { useFormDraft } from "../../form-draft";
import {
  emptyPasswordForm,
  newPasswordSchema,
  toPasswordContent,
  type PasswordForm,
} from "../password-form-schema";
import { PasswordFields } from "./password-fields";

/** /vault/new: the fields are encrypted in the browser (useCreateAsset); the server stores only ciphertext. */
export function CreatePasswordForm({
  onCreated,
}: {
  /** Awaited before the form is done: the new screen saves the item's delay there. */
  onCreated: (id: string) => void | Promise<void>;
}) {
  const form = useForm<PasswordForm>({
    resolver: zodResolver(newPasswordSchema),
    defaultValues: emptyPasswordForm,
  });
  const draft = useFormDraft(form);
  // Saved is not unsaved: the next screen may still be loading while this one shows (decision 035).
  const [isSaved, setIsSaved] = useState(false);
  useWarnOnLeave(form.formState.isDirty && !form.formState.isSubmitting && !isSaved);
  const create = useCreateAsset<"password">();
  const [failure, setFailure] = useState<string>();

  const onSubmit = form.handleSubmit(async (values) => {
    setFailure(undefined);
    try {
      const { asset } = await create.mutateAsync({
        type: "password",
        title: values.title,
        beneficiaryEmails: values.beneficiaryEmails,
        content: toPasswordContent(values),
      });
      setIsSaved(true);
      toast.success(PASSWORD_MSG.saved);
      await onCreated(asset.id);
    } catch (err) {
      const message = errorMessage(err, PASSWORD_MSG.saveFailed);
      setFailure(message);
    }
  });

  const isSaving = form.formState.isSubmitting;
  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-5">
      {failure && (
        <Alert variant="destructive">
          <AlertDescription>{failure}</AlertDescription>
        </Alert>
      )}
      <PasswordFields form={form} onAddBeneficiary={draft.keep} />
      <div>
        <Button type="submit" disabled={isSaving}>
          {isSaving ? "Saving..." : "Save Password"}
        </Button>
      </div>
    </form>
  );
}
