import { zodResolver } from "@hookform/resolvers/zod";
import {
  CLIENT_MSG,
  CLIENT_NOTES_MAX,
  CLIENT_REFERENCE_MAX,
  type ClientFirmDetailsView,
} from "@common/clients";
import { useForm } from "react-hook-form";
import { z } from "zod";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { FormField } from "@/components/ui/form-field";
import { Input, Textarea } from "@/components/ui/input";
import { applyServerErrors } from "@/lib/field-errors";
import { toast } from "@/lib/toast";
import { useUpdateClientFirmDetails } from "../api/update-client-firm-details";

const formSchema = z.object({
  reference: z.string().trim().max(CLIENT_REFERENCE_MAX, CLIENT_MSG.referenceTooLong),
  notes: z.string().trim().max(CLIENT_NOTES_MAX, CLIENT_MSG.notesTooLong),
});
type Form = z.infer<typeof formSchema>;
const FIELDS = ["reference", "notes"] as const;

type Props = {
  clientId: string;
  details: ClientFirmDetailsView;
  onSaved: () => void;
  onCancel: () => void;
};

/** Reference and Notes: the firm's own fields about a client (docs/decisions/041). A refusal shows once, on the form. */
export function ClientFirmDetailsForm({ clientId, details, onSaved, onCancel }: Props) {
  const form = useForm<Form>({
    resolver: zodResolver(formSchema),
    defaultValues: { reference: details.reference ?? "", notes: details.notes ?? "" },
  });
  const update = useUpdateClientFirmDetails();
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (input) => {
    try {
      await update.mutateAsync({ id: clientId, input });
      toast.success(CLIENT_MSG.detailsSaved);
      onSaved();
    } catch (err) {
      applyServerErrors(form.setError, err, {
        fields: FIELDS,
        fallback: CLIENT_MSG.detailsSaveFailed,
      });
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-5">
      {errors.root?.server && <Alert variant="destructive">{errors.root.server.message}</Alert>}
      <FormField
        label="Reference (Optional)"
        hint={`Your firm's matter or file number, up to ${CLIENT_REFERENCE_MAX} characters.`}
        error={errors.reference?.message}
      >
        <Input autoComplete="off" {...form.register("reference")} />
      </FormField>
      <FormField
        label="Notes (Optional)"
        hint="Seen only by your firm's admins and staff, never by the client."
        error={errors.notes?.message}
      >
        <Textarea rows={6} {...form.register("notes")} />
      </FormField>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? "Saving..." : "Save Client Details"}
        </Button>
        <Button type="button" variant="outline" onClick={onCancel} disabled={isSubmitting}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
