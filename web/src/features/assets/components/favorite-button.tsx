import type { OpenedAssetView } from "../titles/open-titles";
import * as starIcon from "lucide-react/icons/star";
import { Button } from "@/components/ui/button";
import { MaskIcon } from "@/components/ui/mask-icon";
import { toast } from "@/lib/toast";
import { errorMessage } from "@/lib/api-client";
import { useSetFavorite } from "../api/set-favorite";

/** The star toggle of a row: a toggle button (aria-pressed) named for its item. */
export function FavoriteButton({
  asset,
}: {
  asset: Pick<OpenedAssetView, "id" | "title" | "isFavorite">;
}) {
  const setFavorite = useSetFavorite();
  const label = `Favourite ${asset.title}`;
  const onClick = () =>
    setFavorite.mutate(
      { id: asset.id, isFavorite: !asset.isFavorite },
      {
        onError: (err) =>
          toast.error(errorMessage(err, "Could not change the favourite. Please try again.")),
      },
    );
  return (
    <Button
      type="button"
      variant="ghost"
      size="icon"
      aria-label={label}
      aria-pressed={asset.isFavorite}
      title={asset.isFavorite ? "Remove from favourites" : "Add to favourites"}
      onClick={onClick}
      className="shrink-0"
    >
      <MaskIcon
        icon={starIcon}
        isFilled={asset.isFavorite}
        className={asset.isFavorite ? "text-accent" : "text-foreground-soft"}
      />
    </Button>
  );
}
