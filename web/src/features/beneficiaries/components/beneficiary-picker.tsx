import { BENEFICIARY_MSG } from "@common/beneficiaries";
import { useEffect, useId, useRef } from "react";
import { useLocation, useNavigate } from "react-router";
import { Button } from "@/components/ui/button";
import { leaveWithoutAsking } from "@/lib/use-warn-on-leave";
import { useBeneficiaries } from "../api/list-beneficiaries";
import { addedBeneficiaryEmail, newBeneficiaryPath } from "../return-path";
import { toggleEmail } from "../picked-emails";

type Props = {
  /** The chosen beneficiaries' e-mails, in the order they were picked ([] for none). */
  value: string[];
  onChange: (emails: string[]) => void;
  /** The form keeps a draft of itself before "+ Add new beneficiary" leaves: then leaving does not ask. */
  onAddNew?: () => void;
  label?: string;
  hint?: string;
  error?: string;
};

/**
 * Picks any number of the user's beneficiaries by e-mail (spec 02 Beneficiaries; an item can be
 * left to several people, docs/decisions/053): a group of checkboxes, each named by the person's
 * name and e-mail, so Tab and Space are enough. "+ Add new beneficiary" goes to
 * /beneficiaries/new?returnTo=<this path and query>, which comes back here with the new e-mail in
 * the navigation state: the picker then adds it to the choice. A form that gives `onAddNew` keeps
 * what was typed (features/assets/form-draft.ts) across the trip.
 */
export function BeneficiaryPicker({
  value,
  onChange,
  onAddNew,
  label = "Beneficiaries (Optional)",
  hint,
  error,
}: Props) {
  const list = useBeneficiaries();
  const navigate = useNavigate();
  const location = useLocation();
  const added = addedBeneficiaryEmail(location.state);
  const appliedKey = useRef<string | null>(null);
  const id = useId();

  useEffect(() => {
    if (!added || appliedKey.current === location.key) return;
    appliedKey.current = location.key;
    if (!value.includes(added)) onChange([...value, added]);
  }, [added, location.key, value, onChange]);

  const addNew = () => {
    const go = () => void navigate(newBeneficiaryPath(location.pathname + location.search));
    if (!onAddNew) return go();
    onAddNew();
    leaveWithoutAsking(go);
  };

  const beneficiaries = list.data ?? [];
  const listed = new Set(beneficiaries.map((b) => b.email));
  const unlisted = value.filter((email) => !listed.has(email));
  const choices = [
    ...beneficiaries.map((b) => ({ key: b.id, email: b.email, name: b.name })),
    ...unlisted.map((email) => ({ key: email, email, name: null })),
  ];
  const status = list.isPending
    ? "Loading beneficiaries..."
    : list.isError
      ? BENEFICIARY_MSG.loadFailed
      : undefined;
  const hintText = [status, hint].filter(Boolean).join(" ") || undefined;
  const hintId = hintText ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;

  return (
    <fieldset
      className="grid gap-2"
      aria-describedby={[hintId, errorId].filter(Boolean).join(" ") || undefined}
      aria-invalid={error ? true : undefined}
    >
      <legend className="mb-2 text-sm font-medium leading-none">{label}</legend>
      {choices.length > 0 && (
        <ul className="grid gap-1 rounded-md border border-border p-2">
          {choices.map((c) => (
            <li key={c.key}>
              <label className="flex min-h-10 cursor-pointer items-center gap-3 rounded px-2 py-1 hover:bg-muted has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring">
                <input
                  type="checkbox"
                  className="size-4 shrink-0 accent-brand"
                  checked={value.includes(c.email)}
                  onChange={() => onChange(toggleEmail(value, c.email))}
                />
                <span className="min-w-0">
                  <span className="block truncate font-medium">{c.name ?? c.email}</span>
                  {c.name && (
                    <span className="block truncate text-xs text-muted-foreground">{c.email}</span>
                  )}
                </span>
              </label>
            </li>
          ))}
        </ul>
      )}
      <div>
        <Button type="button" variant="outline" size="sm" onClick={addNew}>
          + Add new beneficiary
        </Button>
      </div>
      {hintText && (
        <p id={hintId} className="text-xs text-muted-foreground">
          {hintText}
        </p>
      )}
      {error && (
        <p id={errorId} role="alert" className="text-sm text-destructive">
          {error}
        </p>
      )}
    </fieldset>
  );
}
