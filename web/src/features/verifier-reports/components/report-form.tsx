import { REPORT_NOTE_MAX, type ReportKind } from "@common/verifier-reports";
import { textareaLook } from "@/components/looks";
import { useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { ChoiceField } from "@/components/ui/choice-field";
import { FormField } from "@/components/ui/form-field";
import { DOCUMENT_RULE, documentProblem } from "../report-document";

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
  onSubmit: (input: { kind: ReportKind; note: string; file: File | null }) => void;
  onCancel: () => void;
}) {
  const [kind, setKind] = useState<ReportKind>();
  const [note, setNote] = useState("");
  const [error, setError] = useState<string>();
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string>();
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!kind) return setError("Choose what happened");
    const problem = file ? await documentProblem(file) : null;
    if (problem) return setFileError(problem);
    onSubmit({ kind, note: note.trim(), file });
  };
  return (
    <form onSubmit={(e) => void submit(e)} noValidate className="grid gap-4" aria-label="Report">
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
          className={textareaLook}
        />
      </FormField>
      <FormField
        label="A document, for example a death certificate (optional)"
        hint={DOCUMENT_RULE}
        error={fileError}
      >
        <input
          type="file"
          accept="application/pdf,image/jpeg,image/png"
          onChange={(e) => {
            setFile(e.target.files?.[0] ?? null);
            setFileError(undefined);
          }}
          className="text-sm file:mr-3 file:rounded-md file:border file:border-input file:bg-background file:px-3 file:py-1.5"
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
