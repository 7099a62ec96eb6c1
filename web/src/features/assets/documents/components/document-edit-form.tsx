import { zodResolver } from "@hookform/resolvers/zod";
import { DOCUMENT_MSG } from "@common/assets/documents";
import { Controller, useForm } from "react-hook-form";
import { Button } from "@/components/ui/button";
import { FormField } from "@/components/ui/form-field";
import { Input, Textarea } from "@/components/ui/input";
import { RoleCheckbox } from "@/components/role-checkbox";
import type { OpenedAsset } from "@/features/assets/api/get-asset";
import { useUpdateAsset } from "@/features/assets/api/update-asset";
import { BeneficiaryField } from "@/features/assets/components/beneficiary-field";
import { errorMessage } from "@/lib/api-client";
import { toast } from "@/lib/toast";
import { useWarnOnLeave } from "@/lib/use-warn-on-leave";
import { documentEditSchema, type DocumentEdit } from "../document-form-schema";
import { openedTitle } from "../../titles/open-titles";

/** The document's title, its file's name and notes (re-encrypted with its content key), and beneficiary. */
export function DocumentEditForm({ opened }: { opened: OpenedAsset<"document"> }) {
  const { asset, contentKey, wrappedKey, content } = opened;
  const form = useForm<DocumentEdit>({
    resolver: zodResolver(documentEditSchema),
    defaultValues: {
      title: openedTitle(asset),
      fileName: content.fileName,
      notes: content.notes,
      beneficiaryEmails: asset.beneficiaryEmails,
      isForLegalContact: asset.isForLegalContact,
    },
  });
  const update = useUpdateAsset<"document">();
  const { errors, isSubmitting } = form.formState;
  useWarnOnLeave(form.formState.isDirty && !isSubmitting);

  const onSubmit = form.handleSubmit(async (values) => {
    const { title, fileName, notes, beneficiaryEmails, isForLegalContact } = values;
    try {
      await update.mutateAsync({
        id: asset.id,
        title,
        beneficiaryEmails,
        previousBeneficiaryEmails: asset.beneficiaryEmails,
        contentKey,
        wrappedKey,
        content: { ...content, fileName, notes },
        isForLegalContact,
      });
      form.reset(values);
      toast.success(DOCUMENT_MSG.updated);
    } catch (err) {
      toast.error(errorMessage(err, DOCUMENT_MSG.updateFailed));
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-5">
      <FormField label="Title" error={errors.title?.message}>
        <Input autoComplete="off" {...form.register("title")} />
      </FormField>
      <FormField label="File name" error={errors.fileName?.message}>
        <Input autoComplete="off" {...form.register("fileName")} />
      </FormField>
      <FormField label="Notes" error={errors.notes?.message}>
        <Textarea rows={5} {...form.register("notes")} />
      </FormField>
      <Controller
        control={form.control}
        name="beneficiaryEmails"
        render={({ field }) => <BeneficiaryField value={field.value} onChange={field.onChange} />}
      />
      <RoleCheckbox
        label="For my legal contact"
        hint="After a release, the people you name as your legal contact receive this document too."
        {...form.register("isForLegalContact")}
      />
      <div>
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? "Saving..." : "Save Changes"}
        </Button>
      </div>
    </form>
  );
}
