import { useMe } from "@/lib/me";
import { VaultInventory } from "@/features/export/components/vault-inventory";

/** /profile/inventory: the printable list of everything in the vault (issue 15). */
export default function InventoryScreen() {
  const { data: me } = useMe();
  if (!me) return null; // RequireAuth renders this screen only with a user
  return <VaultInventory email={me.email} />;
}
