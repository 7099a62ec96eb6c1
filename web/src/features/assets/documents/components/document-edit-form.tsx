import { zodResolver } from "@hookform/resolvers/zod";
import { ASSET_MSG } from "@common/assets";
import { Controller, useForm } from "react-hook-form";
import { Button } from "@/components/ui/button";
import { FormField } from "@/components/ui/form-field";
import { Textarea } from "@/components/ui/input";
import type { OpenedAsset } from "@/features/assets/api/get-asset";
import { useUpdateAsset } from "@/features/assets/api/update-asset";
import { BeneficiaryField } from "@/features/assets/components/beneficiary-field";
import { errorMessage } from "@/lib/api-client";
import { toast } from "@/lib/toast";
import { useWarnOnLeave } from "@/lib/use-warn-on-leave";
import { documentEditSchema, type DocumentEdit } from "../document-form-schema";

/** The document's notes (re-encrypted with its content key) and beneficiary. */
export function DocumentEditForm({ opened }: { opened: OpenedAsset<"document"> }) {
  const { asset, contentKey, wrappedKey, content } = opened;
  const form = useForm<DocumentEdit>({
    resolver: zodResolver(documentEditSchema),
    defaultValues: { notes: content.notes, beneficiaryEmail: asset.beneficiaryEmail },
  });
  const update = useUpdateAsset<"document">();
  const { errors, isSubmitting } = form.formState;
  useWarnOnLeave(form.formState.isDirty && !isSubmitting);

  const onSubmit = form.handleSubmit(async ({ notes, beneficiaryEmail }) => {
    try {
      await update.mutateAsync({
        id: asset.id,
        beneficiaryEmail,
        previousBeneficiaryEmail: asset.beneficiaryEmail,
        contentKey,
        wrappedKey,
        content: { ...content, notes },
      });
      form.reset({ notes, beneficiaryEmail });
      toast.success(ASSET_MSG.documentUpdated);
    } catch (err) {
      toast.error(errorMessage(err, ASSET_MSG.documentUpdateFailed));
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-5">
      <FormField label="Notes" error={errors.notes?.message}>
        <Textarea rows={5} {...form.register("notes")} />
      </FormField>
      <Controller
        control={form.control}
        name="beneficiaryEmail"
        render={({ field }) => <BeneficiaryField value={field.value} onChange={field.onChange} />}
      />
      <div>
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? "Saving..." : "Save Changes"}
        </Button>
      </div>
    </form>
  );
}
