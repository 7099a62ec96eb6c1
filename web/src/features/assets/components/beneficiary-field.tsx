import { createContext, useContext, type ReactNode } from "react";

export type BeneficiaryFieldProps = {
  /** The chosen beneficiary's e-mail, or null for none. */
  value: string | null;
  onChange: (email: string | null) => void;
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
  return renderPicker(props);
}
