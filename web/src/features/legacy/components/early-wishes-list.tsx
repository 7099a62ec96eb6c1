import type { EarlyWishesView } from "@common/legacy";
import { Flower2 } from "lucide-react";
import { useId } from "react";
import { Link } from "react-router";
import { Card, CardContent, CardHeader } from "@/components/ui/card";
import { earlyWishesPath } from "../legacy-paths";

function OwnerWishes({ item }: { item: EarlyWishesView["wishes"][number] }) {
  const id = useId();
  return (
    <Card role="region" aria-labelledby={id}>
      <CardHeader className="pb-2">
        <h2 id={id} className="flex items-center gap-2 text-lg font-semibold wrap-anywhere">
          <Flower2 aria-hidden="true" className="size-5 shrink-0 text-brand" />
          {item.ownerName}&apos;s wishes for their funeral
        </h2>
      </CardHeader>
      <CardContent className="grid gap-3">
        <p className="text-sm text-muted-foreground">
          {item.ownerName} wanted you to be able to read these straight away, to help plan the
          funeral.
        </p>
        <Link
          to={earlyWishesPath(item.id)}
          className="w-fit font-medium text-link underline underline-offset-4"
        >
          Read their wishes
        </Link>
      </CardContent>
    </Card>
  );
}

/** On /legacy, first: the final wishes the visitor may read now, before any release (decision 097). */
export function EarlyWishesList({ view }: { view: EarlyWishesView }) {
  if (view.wishes.length === 0) return null;
  return (
    <div className="grid gap-4">
      {view.wishes.map((item) => (
        <OwnerWishes key={item.id} item={item} />
      ))}
    </div>
  );
}
