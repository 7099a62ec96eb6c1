import { zodResolver } from "@hookform/resolvers/zod";
import { PASSWORD_MSG } from "@common/assets/passwords";
import { useEffect, useState } from "react";
import { useForm } from "react-hook-form";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import type { OpenedAsset } from "@/features/assets/api/get-asset";
import { useUpdateAsset } from "@/features/assets/api/update-asset";
import { errorMessage } from "@/lib/api-client";
import { toast } from "@/lib/toast";
import { useWarnOnLeave } from "@/lib/use-warn-on-leave";
import { useFormDraft } from "../../form-draft";
import { editPasswordSchema, toPasswordContent, type PasswordForm } from "../password-form-schema";
import { PasswordFields } from "./password-fields";
import { openedTitle } from "../../titles/open-titles";

/**
 * The edit mode of /vault/{id}, filled with the stored values; Cancel unmounts it, so the
 * stored values come back untouched. Done re-encrypts the fields with the asset's existing
 * content key; the title applies only when non-empty, the beneficiary always (spec 02 §5).
 */
export function EditPasswordForm({
  opened,
  onDone,
  onCancel,
}: {
  opened: OpenedAsset<"password">;
  onDone: () => void;
  onCancel: () => void;
}) {
  const { asset, content, contentKey, wrappedKey } = opened;
  const form = useForm<PasswordForm>({
    resolver: zodResolver(editPasswordSchema),
    defaultValues: {
      title: openedTitle(asset),
      beneficiaryEmails: asset.beneficiaryEmails,
      ...content,
    },
  });
  const draft = useFormDraft(form);
  // Saved is not unsaved: the next screen may still be loading while this one shows (decision 035).
  const [isSaved, setIsSaved] = useState(false);
  useWarnOnLeave(form.formState.isDirty && !form.formState.isSubmitting && !isSaved);
  const update = useUpdateAsset<"password">();
  const [failure, setFailure] = useState<string>();
  useEffect(() => form.setFocus("title"), [form]);

  const onSubmit = form.handleSubmit(async (values) => {
    setFailure(undefined);
    try {
      await update.mutateAsync({
        id: asset.id,
        title: values.title,
        beneficiaryEmails: values.beneficiaryEmails,
        previousBeneficiaryEmails: asset.beneficiaryEmails,
        contentKey,
        wrappedKey,
        content: toPasswordContent(values),
      });
      setIsSaved(true);
      toast.success(PASSWORD_MSG.updated);
      onDone();
    } catch (err) {
      const message = errorMessage(err, PASSWORD_MSG.updateFailed);
      setFailure(message);
    }
  });

  const isSaving = form.formState.isSubmitting;
  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-5" aria-label="Edit password">
      {failure && (
        <Alert variant="destructive">
          <AlertDescription>{failure}</AlertDescription>
        </Alert>
      )}
      <PasswordFields
        form={form}
        onAddBeneficiary={draft.keep}
        titleHint="Leave empty to keep the current title."
      />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={isSaving}>
          {isSaving ? "Saving..." : "Done"}
        </Button>
        <Button type="button" variant="outline" onClick={onCancel} disabled={isSaving}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
