import { AccountDeletionCard } from "@/features/account-deletion/components/account-deletion-card";
import { ExportVaultCard } from "@/features/export/components/export-vault-card";
import { useMe } from "@/lib/me";
import { useScrollToAnchor } from "@/lib/use-scroll-to-anchor";

/** /profile/data: a copy of everything in the vault (and its printable inventory), and deleting the account. */
export default function ProfileDataSection() {
  const { data: me } = useMe();
  useScrollToAnchor();
  if (!me) return null; // RequireAuth renders this screen only with a user
  return (
    <div className="grid gap-6">
      <ExportVaultCard email={me.email} />
      <AccountDeletionCard email={me.email} />
    </div>
  );
}
