import type { AssetType, AssetView } from "@common/assets";
import { useEffect, useState, type ReactNode, type Ref } from "react";
import { Loading } from "@/components/loading";
import { LoadError } from "@/components/load-error";
import { PageHeader } from "@/components/page-header";
import { Card } from "@/components/ui/card";
import { cn } from "@/lib/utils";
import { toast } from "@/lib/toast";
import { useAssets } from "../api/list-assets";

export type AssetListState = { assets: AssetView[]; search: string; setSearch: (search: string) => void };

type Props = {
  type: AssetType;
  title: string;
  description: string;
  /** The header's action (add, upload, create). */
  action: ReactNode;
  titleRef: Ref<HTMLHeadingElement>;
  /** The text of a failed load, shown in a toast and in the card with "Try again". */
  loadFailed: (error: Error) => string;
  cardClassName: string;
  /** The loaded list: each type shows its own search, counts, rows and empty state. */
  children: (list: AssetListState) => ReactNode;
};

/**
 * The one list screen of the asset types (passwords, documents, notes): the header, and a card that
 * shows the loading state, a failed load (toast and LoadError with "Try again") or the type's list.
 */
export function AssetListScreen({ type, title, description, action, titleRef, loadFailed, cardClassName, children }: Props) {
  const assets = useAssets(type);
  const [search, setSearch] = useState("");
  const loadError = assets.isError ? loadFailed(assets.error) : undefined;

  useEffect(() => {
    if (loadError) toast.error(loadError, { id: `${type}s-load` });
  }, [loadError, type]);

  return (
    <div className="grid gap-6">
      <PageHeader title={title} description={description} titleRef={titleRef} actions={action} />
      <Card className={cn("min-w-0", cardClassName)}>
        {assets.isPending ? (
          <Loading />
        ) : loadError !== undefined ? (
          <LoadError onRetry={() => void assets.refetch()}>{loadError}</LoadError>
        ) : (
          children({ assets: assets.data ?? [], search, setSearch })
        )}
      </Card>
    </div>
  );
}
