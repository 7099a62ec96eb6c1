import type { CareView } from "@common/incapacity";
import type { LegacyItem } from "@common/legacy";
import { HeartHandshake } from "lucide-react";
import { useId } from "react";
import { Link } from "react-router";
import { Loading } from "@/components/loading";
import { Card, CardContent, CardHeader } from "@/components/ui/card";
import { formatCount, formatDate } from "@/lib/format";
import { cn } from "@/lib/utils";
import { ITEM_TYPES } from "../item-types";
import { careItemPath } from "../legacy-paths";
import { useLegacyTitles } from "../use-legacy-titles";

type Owner = CareView["owners"][number];

/** The caregiver's items in the portal's list shape, so titles open as released items' do. */
const asItems = (owner: Owner): LegacyItem[] =>
  owner.items.map((item) => ({
    ...item,
    ownerName: owner.ownerName,
    releasedAt: owner.endsAt,
    accessEndsAt: owner.endsAt,
  }));

function OwnerCare({ owner }: { owner: Owner }) {
  const id = useId();
  const titles = useLegacyTitles(asItems(owner));
  return (
    <Card role="region" aria-labelledby={id}>
      <CardHeader className="pb-2">
        <h2 id={id} className="flex items-center gap-2 text-lg font-semibold wrap-anywhere">
          <HeartHandshake aria-hidden="true" className="size-5 shrink-0 text-brand" />
          Looking after things for {owner.ownerName}
        </h2>
      </CardHeader>
      <CardContent className="grid gap-3">
        <p className="font-semibold">
          You can read {owner.items.length === 1 ? "this" : "these"} until{" "}
          <time dateTime={owner.endsAt}>{formatDate(owner.endsAt)}</time>.
        </p>
        <p className="text-sm text-muted-foreground">
          {owner.ownerName} chose you to help while they cannot act. You can read only: nothing can
          be changed or downloaded. Your access ends sooner if {owner.ownerName} signs in again.
        </p>
        {!titles.titled ? (
          <Loading variant="list" />
        ) : (
          <ul className="divide-y divide-border">
            {titles.titled.map((item) => (
              <li key={item.id} className="flex items-start gap-3 py-3">
                {(() => {
                  const { Icon } = ITEM_TYPES[item.type];
                  return <Icon aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-brand" />;
                })()}
                <div className="grid min-w-0 flex-1 gap-0.5">
                  <Link
                    to={careItemPath(item.id)}
                    className={cn(
                      "w-fit font-medium text-link underline-offset-4 wrap-anywhere hover:underline",
                      !item.isTitleOpen && "italic",
                    )}
                  >
                    {item.title}
                  </Link>
                  <span className="text-sm text-muted-foreground">
                    {ITEM_TYPES[item.type].label}
                  </span>
                </div>
              </li>
            ))}
            {titles.waiting.length > 0 && (
              <li className="grid gap-1 py-3 text-sm">
                <p>
                  {formatCount(titles.waiting.length, "item")}: their titles show once you enter the
                  access key that {owner.ownerName} gave you.
                </p>
                <Link
                  to={careItemPath(titles.waiting[0]?.id ?? "")}
                  className="w-fit text-link underline underline-offset-4"
                >
                  Enter the access key
                </Link>
              </li>
            )}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

/** On /legacy, above what was left: what the visitor can read as a caregiver now (decision 093). */
export function CareList({ view }: { view: CareView }) {
  if (view.owners.length === 0) return null;
  return (
    <div className="grid gap-4">
      {view.owners.map((owner) => (
        <OwnerCare key={`${owner.ownerName}-${owner.endsAt}`} owner={owner} />
      ))}
    </div>
  );
}
