import { IMPORT_MSG, IMPORT_SOURCES } from "@common/import";
import { useState, type Ref } from "react";
import { Button } from "@/components/ui/button";
import { errorMessage } from "@/lib/api-client";
import { formatCount } from "@/lib/format";
import { BeneficiaryField } from "../../../components/beneficiary-field";
import type { ImportRow } from "../check-import-rows";
import type { ReadFile } from "./import-file-field";
import { ImportPreviewTable } from "./import-preview-table";

type Props = {
  file: ReadFile;
  rows: ImportRow[];
  selected: Set<number>;
  onToggle: (index: number, isSelected: boolean) => void;
  vault: { isChecked: boolean; error: Error | null };
  beneficiaryEmails: string[];
  onBeneficiaryChange: (emails: string[]) => void;
  headingRef: Ref<HTMLHeadingElement>;
  onCancel: () => void;
  onImport: (beneficiaryEmails: string[]) => void;
};

/** What the file holds, in a sentence: "3 passwords found: 1 duplicate, 1 not importable." */
function summaryOf(rows: ImportRow[]) {
  const duplicates = rows.filter((r) => r.duplicate && !r.problem).length;
  const refused = rows.filter((r) => r.problem).length;
  const parts = [
    duplicates > 0 && formatCount(duplicates, "duplicate"),
    refused > 0 && `${formatCount(refused)} not importable`,
  ].filter(Boolean);
  return `${formatCount(rows.length, "password")} found${parts.length ? `: ${parts.join(", ")}` : ""}.`;
}

/** The preview step: the file's rows to tick, the beneficiary for them all, and the confirmation. */
export function ImportPreview({
  file,
  rows,
  selected,
  onToggle,
  vault,
  beneficiaryEmails,
  onBeneficiaryChange,
  headingRef,
  onCancel,
  onImport,
}: Props) {
  const [errors, setErrors] = useState<{ beneficiary?: string; selection?: string }>({});
  const count = rows.filter((r) => r.values && selected.has(r.index)).length;

  const confirm = () => {
    const next = {
      beneficiary: beneficiaryEmails.length ? undefined : IMPORT_MSG.beneficiaryRequired,
      selection: count > 0 ? undefined : IMPORT_MSG.noneSelected,
    };
    setErrors(next);
    if (beneficiaryEmails.length && count > 0) onImport(beneficiaryEmails);
  };

  return (
    <>
      <div className="grid gap-1">
        <h2
          ref={headingRef}
          tabIndex={-1}
          className="text-lg font-semibold focus:outline-none wrap-anywhere"
        >
          Preview of {file.fileName}
        </h2>
        <p className="text-sm text-foreground-soft">
          {IMPORT_SOURCES[file.source]}. {summaryOf(rows)}{" "}
          {file.skipped > 0 &&
            `${formatCount(file.skipped, "item")} that ${file.skipped === 1 ? "is" : "are"} not a login (notes, cards) will not be imported. `}
          {IMPORT_MSG.nothingSavedYet}
        </p>
        <p role="status" className="text-sm text-foreground-soft">
          {vault.error
            ? errorMessage(vault.error, IMPORT_MSG.vaultUnchecked)
            : vault.isChecked
              ? ""
              : "Looking for duplicates in your vault..."}
        </p>
      </div>
      <ImportPreviewTable
        rows={rows}
        selected={selected}
        onToggle={(index, isSelected) => {
          setErrors((e) => ({ ...e, selection: undefined }));
          onToggle(index, isSelected);
        }}
        isVaultChecked={vault.isChecked}
      />
      {errors.selection && (
        <p role="alert" className="text-sm text-destructive">
          {errors.selection}
        </p>
      )}
      <BeneficiaryField
        value={beneficiaryEmails}
        onChange={(emails) => {
          setErrors((e) => ({ ...e, beneficiary: undefined }));
          onBeneficiaryChange(emails);
        }}
        error={errors.beneficiary}
      />
      <div className="flex flex-wrap gap-2">
        <Button type="button" onClick={confirm} disabled={!vault.isChecked && !vault.error}>
          {!vault.isChecked && !vault.error
            ? "Checking your vault..."
            : `Import ${formatCount(count, "password")}`}
        </Button>
        <Button type="button" variant="outline" onClick={onCancel}>
          Choose another file
        </Button>
      </div>
    </>
  );
}
