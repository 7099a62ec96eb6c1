import { useCallback } from "react";
import { normalizeEmail } from "@/lib/keys/pending-items";
import type { NameOf } from "@/lib/beneficiary-names";
import { useBeneficiaries } from "./api/list-beneficiaries";

/** The lookup app/ provides to shared code (lib/beneficiary-names.tsx): a name by address, from the owner's list. */
export function useBeneficiaryNames(): NameOf {
  const list = useBeneficiaries();
  return useCallback(
    (email: string) => {
      const wanted = normalizeEmail(email);
      return list.data?.find((b) => normalizeEmail(b.email) === wanted)?.name;
    },
    [list.data],
  );
}
