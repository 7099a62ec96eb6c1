import type { AssetType } from "@common/assets";
import { useQueryClient } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { Loading } from "@/components/loading";
import { LoadError } from "@/components/load-error";
import { PageHeader } from "@/components/page-header";
import { errorMessage } from "@/lib/api-client";
import { DecryptError } from "@/lib/crypto/vault-crypto";
import { cn } from "@/lib/utils";
import { dataKeyQueryOptions } from "@/lib/keys/api/get-data-key";
import { VaultUnlockCard } from "@/components/keys/vault-unlock-form";
import { VaultLockedError } from "@/lib/keys/vault-unlock";
import type { OpenedAsset } from "../api/get-asset";
import { useOwnedAsset } from "../use-owned-asset";
import { ItemAccessProvider } from "./item-access";

type Props<T extends AssetType> = {
  id: string;
  type: T;
  /** The list this asset belongs to: the back link, and where a missing asset goes with the `notFound` toast. */
  back: { to: string; label: string };
  notFound: string;
  /** The header's title while nothing could be opened. */
  fallbackTitle: string;
  width: "max-w-2xl" | "max-w-3xl";
  /** A failed load: its title (for a failed decryption and for a failed load) and its text when the server gave none. */
  loadError: { titles?: { decrypt: string; load: string }; fallback: string; canRetry: boolean };
  /** The opened (decrypted) asset: the type's header and cards. */
  children: (opened: OpenedAsset<T>) => ReactNode;
};

/**
 * The one detail screen of the asset types: opens (decrypts) the asset, goes back to the list when it
 * is missing, not the user's or of another type (spec 02 Asset detail rules), shows a failed load or
 * decryption (never partial data) with LoadError, a locked tab with "Unlock your vault" (decision
 * 038), then the type's own view.
 */
export function AssetDetailScreen<T extends AssetType>({
  id,
  type,
  back,
  notFound,
  fallbackTitle,
  width,
  loadError,
  children,
}: Props<T>) {
  const qc = useQueryClient();
  const opened = useOwnedAsset(id, type, { listPath: back.to, notFound });
  // After a failed refetch the query keeps its old data: an error always wins, so nothing stale or partial shows.
  const error = opened.error;

  const retry = async () => {
    // The data key may be what failed; the asset query waits for it.
    await qc.refetchQueries({
      queryKey: dataKeyQueryOptions().queryKey,
      predicate: (q) => q.state.status === "error",
    });
    await opened.refetch();
  };

  if (opened.isGone) return null;
  if (error instanceof VaultLockedError)
    return (
      <div className={cn("mx-auto grid gap-6", width)}>
        <PageHeader title={fallbackTitle} back={back} />
        <VaultUnlockCard />
      </div>
    );
  if (error) {
    const isDecryptError = error instanceof DecryptError;
    const title =
      loadError.titles && (isDecryptError ? loadError.titles.decrypt : loadError.titles.load);
    return (
      <div className={cn("mx-auto grid gap-6", width)}>
        <PageHeader title={fallbackTitle} back={back} />
        <LoadError
          title={title}
          onRetry={loadError.canRetry && !isDecryptError ? () => void retry() : undefined}
        >
          {isDecryptError ? error.message : errorMessage(error, loadError.fallback)}
        </LoadError>
      </div>
    );
  }
  if (!opened.data) return <Loading variant="detail" />;
  return (
    <div className={cn("mx-auto grid gap-6", width)}>
      <ItemAccessProvider value={opened.data}>{children(opened.data)}</ItemAccessProvider>
    </div>
  );
}
