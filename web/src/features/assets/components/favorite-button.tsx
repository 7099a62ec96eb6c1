import type { AssetView } from "@common/assets";
import { Star } from "lucide-react";
import { Button } from "@/components/ui/button";
import { toast } from "@/lib/toast";
import { errorMessage } from "@/lib/api-client";
import { cn } from "@/lib/utils";
import { useSetFavorite } from "../api/set-favorite";

/** The star toggle of a row: a toggle button (aria-pressed) named for its item. */
export function FavoriteButton({
  asset,
}: {
  asset: Pick<AssetView, "id" | "title" | "isFavorite">;
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
      aria-pressed={asset.isFavorite}
      title={asset.isFavorite ? "Remove from favourites" : "Add to favourites"}
      onClick={onClick}
      className="shrink-0"
    >
      <Star
        aria-hidden="true"
        className={cn(asset.isFavorite ? "fill-accent text-accent" : "text-foreground-soft")}
      />
      <span className="sr-only">{label}</span>
    </Button>
  );
}
