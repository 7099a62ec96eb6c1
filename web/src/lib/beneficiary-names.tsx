import { createContext, useContext } from "react";

/** The owner's name for a beneficiary's address, if the owner's list has it. */
export type NameOf = (email: string) => string | undefined;
type UseNameOf = () => NameOf;

const noNames: UseNameOf = () => () => undefined;
const Context = createContext<UseNameOf>(noNames);

/**
 * Beneficiaries shown by name everywhere (issue 16, point 7): shared code cannot import a feature,
 * so the signed-in frame (app/) provides the lookup hook (features/beneficiaries), and only the
 * screens that show a name call it — and so load the owner's list. The value must be one stable
 * hook function.
 */
export const BeneficiaryNamesProvider = Context.Provider;

export function useBeneficiaryNameOf(): NameOf {
  const useNameOf = useContext(Context);
  return useNameOf();
}
