import { RecoveryKitCard } from "@/features/profiles/components/recovery-kit-card";
import { VaultLockCard } from "@/features/profiles/components/vault-lock-card";
import { useMe } from "@/lib/me";

/** /profile/keys: the recovery kit that opens the vault without the password, and when this browser locks the vault. */
export default function ProfileKeysSection() {
  const { data: me } = useMe();
  if (!me) return null; // RequireAuth renders this screen only with a user
  return (
    <div className="grid gap-6">
      <RecoveryKitCard email={me.email} />
      <VaultLockCard userId={me.id} />
    </div>
  );
}
