import type { AssetType } from "@common/assets";
import type { LucideIcon } from "lucide-react";
import { useEffect, useState, type ReactNode, type Ref } from "react";
import { Link } from "react-router";
import { Loading } from "@/components/loading";
import { LoadError } from "@/components/load-error";
import { PageHeader } from "@/components/page-header";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { RequireVaultKey } from "@/components/keys/require-vault-key";
import { cn } from "@/lib/utils";
import { useAssets } from "../api/list-assets";
import { useOwnedTitles } from "../titles/use-opened-titles";
import type { OpenedAssetView } from "../titles/open-titles";

export type AssetListState = {
  assets: OpenedAssetView[];
  search: string;
  setSearch: (search: string) => void;
};

type Props = {
  type: AssetType;
  title: string;
  description: string;
  /** The header's action (add, upload, create): a link to the type's new-asset screen. */
  action: { to: string; label: string; Icon: LucideIcon };
  /** More header links before the action (e.g. Import); the empty state shows only the action. */
  moreActions?: ReactNode;
  titleRef: Ref<HTMLHeadingElement>;
  /** The text of a failed load, shown once: in the card, with "Try again". */
  loadFailed: (error: Error) => string;
  cardClassName: string;
  /** The empty state with the header's action, for a type that shows no search until it has an asset. */
  empty?: { title: string; text: string };
  /** The loaded list: each type shows its own search, counts, rows and empty state. */
  children: (list: AssetListState) => ReactNode;
  /** Once, when the list's titles have all opened for the first time (what may wait for them). */
  onTitlesOpen?: () => void;
};

/**
 * The one list screen of the asset types (passwords, documents, notes): the header, and a card that
 * shows the loading state, a failed load (LoadError with "Try again", no toast: errors show once) or the type's list.
 * Its titles are sealed (decision 080) and opened here with the data key: a tab without the key
 * shows "Unlock your vault" in the list's place (decision 075).
 */
export function AssetListScreen({
  type,
  title,
  description,
  action: { to, label, Icon },
  moreActions,
  titleRef,
  loadFailed,
  cardClassName,
  empty,
  children,
  onTitlesOpen,
}: Props) {
  const assets = useAssets(type);
  const titled = useOwnedTitles(assets.data);
  const isTitlesOpen = titled.rows !== undefined;
  useEffect(() => {
    if (isTitlesOpen) onTitlesOpen?.();
  }, [isTitlesOpen, onTitlesOpen]);
  const [search, setSearch] = useState("");
  const loadError = assets.isError ? loadFailed(assets.error) : undefined;

  const action = (
    <Button asChild>
      <Link to={to}>
        <Icon aria-hidden="true" /> {label}
      </Link>
    </Button>
  );
  const list = (
    <Card className={cn("min-w-0", cardClassName)}>
      {assets.isPending || (!titled.rows && !assets.isError) ? (
        <Loading variant="list" />
      ) : loadError !== undefined ? (
        <LoadError onRetry={() => void assets.refetch()}>{loadError}</LoadError>
      ) : empty && assets.data?.length === 0 ? (
        <div className="grid justify-items-center gap-3 py-10 text-center">
          <p className="font-medium">{empty.title}</p>
          <p className="text-sm text-muted-foreground">{empty.text}</p>
          {action}
        </div>
      ) : (
        children({ assets: titled.rows ?? [], search, setSearch })
      )}
    </Card>
  );
  return (
    <div className="grid gap-6">
      <PageHeader
        title={title}
        description={description}
        titleRef={titleRef}
        actions={
          <>
            {moreActions}
            {action}
          </>
        }
      />
      <RequireVaultKey loading="list">{list}</RequireVaultKey>
    </div>
  );
}
