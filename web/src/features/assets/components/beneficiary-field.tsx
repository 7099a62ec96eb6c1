import { createContext, useContext, type ReactNode } from "react";
import { ItemAccessSelects } from "./item-access";

export type BeneficiaryFieldProps = {
  /** The chosen beneficiaries' e-mails ([] for none; docs/decisions/053). */
  value: string[];
  onChange: (emails: string[]) => void;
  /**
   * Called before "+ Add new beneficiary" leaves the screen: the form keeps a draft of itself
   * (useFormDraft), so the picker leaves without asking and the form comes back as it was.
   */
  onAddNew?: () => void;
  /** A message under the field (a screen that requires a beneficiary). */
  error?: string;
};

type RenderPicker = (props: BeneficiaryFieldProps) => ReactNode;

const BeneficiaryFieldContext = createContext<RenderPicker | null>(null);

/**
 * The asset forms' beneficiary field is a slot: the screen (routes/) fills it with the beneficiaries
 * feature's picker, so the asset layer imports no other feature.
 */
export function BeneficiaryFieldProvider({
  renderPicker,
  children,
}: {
  renderPicker: RenderPicker;
  children: ReactNode;
}) {
  return <BeneficiaryFieldContext value={renderPicker}>{children}</BeneficiaryFieldContext>;
}

export function BeneficiaryField(props: BeneficiaryFieldProps) {
  const renderPicker = useContext(BeneficiaryFieldContext);
  if (!renderPicker)
    throw new Error("BeneficiaryField needs a BeneficiaryFieldProvider around the form");
  return (
    <>
      {renderPicker(props)}
      <ItemAccessSelects emails={props.value} />
    </>
  );
}
