import { useState, type ReactNode } from "react";
import { Loading } from "@/components/loading";
import { LoadError } from "@/components/load-error";
import { errorMessage } from "@/lib/api-client";
import { useDataKey } from "@/lib/keys/api/get-data-key";
import { vaultKeyGate } from "@/lib/keys/vault-key-gate";
import { VaultUnlockCard } from "./vault-unlock-form";

/**
 * Around what a screen cannot show without the data key (a new item's form, the password list):
 * "Unlock your vault" in its place while the tab has no key, then the content (decision 075).
 * Once shown, the content stays while a lock keeps it under its dialog.
 */
export function RequireVaultKey({
  children,
  loading = "detail",
}: {
  children: ReactNode;
  /** The skeleton's shape while the key is fetched. */
  loading?: "detail" | "list";
}) {
  const key = useDataKey();
  const [wasShown, setWasShown] = useState(false);
  if (key.data && !wasShown) setWasShown(true);
  switch (vaultKeyGate({ hasKey: !!key.data, error: key.error, wasShown })) {
    case "show":
      return children;
    case "unlock":
      return <VaultUnlockCard />;
    case "failed":
      return (
        <LoadError onRetry={() => void key.refetch()}>
          {errorMessage(key.error, "Your vault could not be opened.")}
        </LoadError>
      );
    case "wait":
      return <Loading variant={loading} />;
  }
}
