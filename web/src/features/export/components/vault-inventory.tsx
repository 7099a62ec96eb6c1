import { PROFILE_PATHS } from "@common/profiles";
import type { AssetType } from "@common/assets";
import { useQuery } from "@tanstack/react-query";
import { Printer } from "lucide-react";
import { useId, useState } from "react";
import { LoadError } from "@/components/load-error";
import { Loading } from "@/components/loading";
import { PageHeader } from "@/components/page-header";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { assetContentsQueryOptions } from "@/features/assets/api/list-asset-contents";
import { useAssets } from "@/features/assets/api/list-assets";
import { sortByTitle } from "@/features/assets/sort-assets";
import { useOwnedTitles } from "@/features/assets/titles/use-opened-titles";
import { RequireVaultKey } from "@/components/keys/require-vault-key";
import { dataKeyQueryOptions } from "@/lib/keys/api/get-data-key";
import { VaultUnlockCard } from "@/components/keys/vault-unlock-form";
import { VaultLockedError } from "@/lib/keys/vault-unlock";
import { errorMessage } from "@/lib/api-client";
import { formatDateTime } from "@/lib/format";
import { InventoryTable } from "./inventory-table";

const SECTIONS: { type: AssetType; title: string }[] = [
  { type: "password", title: "Passwords" },
  { type: "document", title: "Documents" },
  { type: "note", title: "Notes" },
];

/**
 * The passwords' usernames and passwords, decrypted only while "Include secrets" is ticked (the
 * data key is not even asked for before), in memory only: unticking drops them.
 */
function usePasswordSecrets(isIncluded: boolean) {
  const key = useQuery({ ...dataKeyQueryOptions(), enabled: isIncluded });
  const contents = useQuery(
    assetContentsQueryOptions("password", isIncluded ? key.data : undefined),
  );
  return { data: isIncluded ? contents.data : undefined, error: key.error ?? contents.error };
}

/**
 * The printable inventory (issue 15): every item's title, type, beneficiary and dates, grouped by
 * type; secrets only when the owner ticks "Include secrets". Titles are sealed (decision 080): a tab
 * without the data key asks to unlock first. Printed, the page stands alone
 * (main-layout.tsx hides the sidebar; the controls here are print:hidden).
 */
export function VaultInventory({ email }: { email: string }) {
  const assets = useAssets();
  const titled = useOwnedTitles(assets.data);
  const [isWithSecrets, setIsWithSecrets] = useState(false);
  const secrets = usePasswordSecrets(isWithSecrets);
  const checkboxId = useId();
  const [asOf] = useState(() => new Date());

  return (
    <div className="mx-auto grid max-w-4xl grid-cols-1 gap-6 print:max-w-none print:text-black">
      <PageHeader
        title="Vault inventory"
        back={{ to: PROFILE_PATHS.data, label: "Back to profile" }}
        description={`Everything in the vault of ${email}, as of ${formatDateTime(asOf)}.`}
        actions={
          <Button type="button" variant="outline" onClick={() => window.print()}>
            <Printer aria-hidden="true" /> Print
          </Button>
        }
      />
      <div className="flex items-start gap-3 print:hidden">
        <input
          id={checkboxId}
          type="checkbox"
          checked={isWithSecrets}
          onChange={(e) => setIsWithSecrets(e.target.checked)}
          className="mt-0.5 size-4 shrink-0 accent-brand"
        />
        <label htmlFor={checkboxId} className="text-sm">
          Include secrets (the usernames and passwords of your password items)
        </label>
      </div>
      {isWithSecrets && (
        <Alert variant="warning">
          This inventory shows your passwords. Anyone who sees the screen or the printed page can
          read them: keep the paper as safe as the vault itself.
        </Alert>
      )}
      {secrets.error instanceof VaultLockedError ? (
        <VaultUnlockCard />
      ) : (
        secrets.error && (
          <LoadError>
            {errorMessage(secrets.error, "Your passwords could not be opened.")}
          </LoadError>
        )
      )}
      <RequireVaultKey loading="list">
        {assets.isError ? (
          <LoadError onRetry={() => void assets.refetch()} isRetrying={assets.isFetching}>
            {errorMessage(assets.error, "Your vault's items could not be loaded.")}
          </LoadError>
        ) : !titled.rows || (isWithSecrets && !secrets.data && !secrets.error) ? (
          <Loading variant="list" />
        ) : (
          SECTIONS.map(({ type, title }) => (
            <InventoryTable
              key={type}
              title={title}
              assets={sortByTitle(titled.rows?.filter((a) => a.type === type) ?? [])}
              secrets={type === "password" ? secrets.data : undefined}
            />
          ))
        )}
      </RequireVaultKey>
    </div>
  );
}
