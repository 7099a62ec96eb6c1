import { BENEFICIARY_MSG } from "@common/beneficiaries";
import { useEffect, useRef, type ChangeEvent } from "react";
import { useLocation, useNavigate } from "react-router";
import { FormField } from "@/components/ui/form-field";
import { NativeSelect } from "@/components/ui/native-select";
import { useBeneficiaries } from "../api/list-beneficiaries";
import { addedBeneficiaryEmail, newBeneficiaryPath } from "../return-path";

export const PICKER_NONE = "none";
export const PICKER_ADD_NEW = "add-new";

type Props = {
  /** The chosen beneficiary's e-mail, or null for none. */
  value: string | null;
  onChange: (email: string | null) => void;
  label?: string;
  hint?: string;
};

/**
 * Picks one of the user's beneficiaries by e-mail (spec 02 Beneficiaries). 'none' clears the
 * choice; 'add-new' goes to /beneficiaries/new?returnTo=<this path and query>, which comes back
 * here afterwards with the new e-mail in the navigation state: the picker then selects it.
 */
export function BeneficiaryPicker({
  value,
  onChange,
  label = "Beneficiary (Optional)",
  hint,
}: Props) {
  const list = useBeneficiaries();
  const navigate = useNavigate();
  const location = useLocation();
  const added = addedBeneficiaryEmail(location.state);
  const appliedKey = useRef<string | null>(null);

  useEffect(() => {
    if (!added || appliedKey.current === location.key) return;
    appliedKey.current = location.key;
    if (added !== value) onChange(added);
  }, [added, location.key, value, onChange]);

  const select = (event: ChangeEvent<HTMLSelectElement>) => {
    const chosen = event.target.value;
    if (chosen === PICKER_ADD_NEW)
      return void navigate(newBeneficiaryPath(location.pathname + location.search));
    onChange(chosen === PICKER_NONE || chosen === "" ? null : chosen);
  };

  const beneficiaries = list.data ?? [];
  const isUnlisted = !!value && !beneficiaries.some((b) => b.email === value);
  const status = list.isPending
    ? "Loading beneficiaries..."
    : list.isError
      ? BENEFICIARY_MSG.loadFailed
      : undefined;

  return (
    <FormField label={label} hint={[status, hint].filter(Boolean).join(" ") || undefined}>
      <NativeSelect value={value ?? ""} onChange={select}>
        <option value="">Select a beneficiary</option>
        <option value={PICKER_NONE}>None</option>
        {beneficiaries.map((b) => (
          <option key={b.id} value={b.email}>
            {b.name} ({b.email})
          </option>
        ))}
        {isUnlisted && <option value={value}>{value}</option>}
        <option value={PICKER_ADD_NEW}>+ Add new beneficiary</option>
      </NativeSelect>
    </FormField>
  );
}
