import { useBeneficiaryNameOf } from "@/lib/beneficiary-names";
import { compactNames } from "@/lib/compact-names";

/** A beneficiary by name, the e-mail after it, quieter; just the e-mail when the owner's list has no name for it. */
export function BeneficiaryLabel({ email }: { email: string }) {
  const name = useBeneficiaryNameOf()(email);
  if (!name) return <span className="wrap-anywhere">{email}</span>;
  return (
    <span className="wrap-anywhere">
      {name} <span className="text-muted-foreground">({email})</span>
    </span>
  );
}

/**
 * The people an item is left to (docs/decisions/053). In full (an item's own page): each one as
 * BeneficiaryLabel, comma-separated. Compact (lists): names only, "Emma, Sam", or past
 * COMPACT_NAMES the first ones and "+N" (the rest in its title and for screen readers).
 */
export function BeneficiaryLabels({
  emails,
  isCompact = false,
}: {
  emails: readonly string[];
  isCompact?: boolean;
}) {
  const nameOf = useBeneficiaryNameOf();
  if (!isCompact)
    return (
      <span className="wrap-anywhere">
        {emails.map((email, i) => (
          <span key={email}>
            {i > 0 && ", "}
            <BeneficiaryLabel email={email} />
          </span>
        ))}
      </span>
    );
  const { shown, hidden } = compactNames(emails.map((e) => nameOf(e) ?? e));
  return (
    <span className="wrap-anywhere">
      {shown.join(", ")}
      {hidden.length > 0 && (
        <span title={hidden.join(", ")}>
          {" "}
          +{hidden.length}
          <span className="sr-only"> more: {hidden.join(", ")}</span>
        </span>
      )}
    </span>
  );
}
