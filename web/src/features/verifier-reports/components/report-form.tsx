import { REPORT_NOTE_MAX, type ReportKind } from "@common/verifier-reports";
import { useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { ChoiceField } from "@/components/ui/choice-field";
import { FormField } from "@/components/ui/form-field";

const KINDS = [
  { value: "death", label: "They have died" },
  { value: "incapacity", label: "They can no longer manage their affairs" },
] as const;

/** One screen: what happened to `ownerName`, an optional note, and "Send the report". */
export function ReportForm({
  ownerName,
  isPending,
  onSubmit,
  onCancel,
}: {
  ownerName: string;
  isPending: boolean;
  onSubmit: (input: { kind: ReportKind; note: string }) => void;
  onCancel: () => void;
}) {
  const [kind, setKind] = useState<ReportKind>();
  const [note, setNote] = useState("");
  const [error, setError] = useState<string>();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!kind) return setError("Choose what happened");
    onSubmit({ kind, note: note.trim() });
  };
  return (
    <form onSubmit={submit} noValidate className="grid gap-4" aria-label="Report">
      <ChoiceField
        label={`What has happened to ${ownerName}?`}
        options={KINDS}
        value={kind}
        onChange={(v) => {
          setKind(v);
          setError(undefined);
        }}
        error={error}
      />
      <FormField
        label="A note for the other verifiers (optional)"
        hint={`For example where and when. At most ${REPORT_NOTE_MAX} characters.`}
      >
        <textarea
          value={note}
          maxLength={REPORT_NOTE_MAX}
          onChange={(e) => setNote(e.target.value)}
          rows={4}
          className="w-full rounded-md border border-input bg-background px-3 py-2 text-base focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
        />
      </FormField>
      <p className="text-sm text-muted-foreground">
        {ownerName} is told at once and can stop it. The other verifiers are asked to confirm.
      </p>
      <div className="flex flex-wrap gap-3">
        <Button type="submit" disabled={isPending}>
          {isPending ? "Sending..." : "Send the report"}
        </Button>
        <Button type="button" variant="outline" onClick={onCancel}>
          Back
        </Button>
      </div>
    </form>
  );
}
