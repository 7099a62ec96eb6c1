import { PLAYBOOK_UI_MSG } from "@common/playbook";
import { RequireVaultKey } from "@/components/keys/require-vault-key";
import { PageHeader } from "@/components/page-header";
import { PlaybookScreen } from "@/features/playbook/components/playbook-screen";

/** /release/accounts: the owner goes through the platforms' own legacy tools (docs/decisions/088). */
export default function ReleaseAccountsScreen() {
  return (
    <div className="grid gap-6">
      <PageHeader title={PLAYBOOK_UI_MSG.title} back={{ to: "/release", label: "Release Plan" }} />
      <RequireVaultKey loading="list">
        <PlaybookScreen />
      </RequireVaultKey>
    </div>
  );
}
