import { PASSKEY_MSG, type PasskeyView } from "@common/passkeys";
import { passkeyNameSchema } from "@common/passkeys-schemas";
import { useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { errorMessage } from "@/lib/api-client";
import { toast } from "@/lib/toast";
import { useUpdatePasskey } from "../api/update-passkey";

/** A passkey's row while it is being renamed: its name in a field, Save and Cancel. */
export function RenamePasskeyForm({
  passkey,
  onDone,
}: {
  passkey: PasskeyView;
  onDone: () => void;
}) {
  const update = useUpdatePasskey();
  const [name, setName] = useState(passkey.name);
  const [error, setError] = useState<string>();

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (update.isPending) return;
    const parsed = passkeyNameSchema.safeParse(name);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    setError(undefined);
    try {
      await update.mutateAsync({ id: passkey.id, name: parsed.data });
      toast.success(PASSKEY_MSG.renamed);
      onDone();
    } catch (err) {
      setError(errorMessage(err, "The passkey was not renamed. Please try again."));
    }
  };

  return (
    <form onSubmit={(e) => void onSubmit(e)} noValidate className="grid w-full gap-3">
      <FormField label={`New name for “${passkey.name}”`} error={error}>
        <Input autoFocus value={name} onChange={(e) => setName(e.target.value)} />
      </FormField>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" size="sm" disabled={update.isPending}>
          {update.isPending ? "Saving..." : "Save"}
        </Button>
        <Button
          type="button"
          size="sm"
          variant="outline"
          onClick={onDone}
          disabled={update.isPending}
        >
          Cancel
        </Button>
      </div>
    </form>
  );
}
