import { PageHeader } from "@/components/page-header";
import { RequireVaultKey } from "@/components/keys/require-vault-key";
import { BeneficiaryFieldProvider } from "@/features/assets/components/beneficiary-field";
import { ImportPasswords } from "@/features/assets/passwords/import/components/import-passwords";
import { BeneficiaryPicker } from "@/features/beneficiaries/components/beneficiary-picker";

/**
 * /vault/import: passwords from another password manager's or browser's export (issue 15); a tab
 * without the vault key asks for the password first.
 */
export default function PasswordImportScreen() {
  return (
    <BeneficiaryFieldProvider
      renderPicker={(field) => (
        <BeneficiaryPicker
          {...field}
          label="Beneficiaries"
          hint="Every imported password is left to these beneficiaries; you can change it per item later."
        />
      )}
    >
      <div className="mx-auto grid max-w-3xl gap-6">
        <PageHeader
          title="Import Passwords"
          description="From Bitwarden, 1Password, Chrome, Edge, Firefox or a Legacy Vault export."
          back={{ to: "/vault", label: "Back to passwords" }}
        />
        <RequireVaultKey>
          <ImportPasswords />
        </RequireVaultKey>
      </div>
    </BeneficiaryFieldProvider>
  );
}
