import { CATALOGUE_MSG } from "@common/catalogue";
import type { LegacyItem } from "@common/legacy";
import { formatDate } from "@/lib/format";
import { cn } from "@/lib/utils";
import { ITEM_TYPES } from "../item-types";
import { useCatalogueTitle } from "../use-catalogue-title";

/**
 * An item the owner told this person of, without leaving them its content (decision 098): its kind
 * and title, and no link, no open, no download.
 */
export function CatalogueRow({ item }: { item: LegacyItem }) {
  const { label, Icon } = ITEM_TYPES[item.type];
  const state = useCatalogueTitle(item);
  const title =
    state.status === "open"
      ? state.title
      : state.status === "needs-key"
        ? "Its title shows once you enter the access key that you were given"
        : state.status === "opening"
          ? "Opening..."
          : CATALOGUE_MSG.titleUnreadable;
  return (
    <li className="flex items-start gap-3 py-3" data-testid="catalogue-item">
      <Icon aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-muted-foreground" />
      <div className="grid min-w-0 flex-1 gap-0.5">
        <p className={cn("font-medium wrap-anywhere", state.status !== "open" && "italic")}>
          {title}
        </p>
        <p className="text-sm">{CATALOGUE_MSG.portalNotice}</p>
        <p className="flex flex-wrap gap-x-3 text-sm text-muted-foreground">
          <span>{label}</span>
          <span>Released {formatDate(item.releasedAt)}</span>
        </p>
      </div>
    </li>
  );
}
