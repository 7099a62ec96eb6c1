import { Gift } from "lucide-react";
import { Link } from "react-router";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardHeading } from "@/components/ui/card";
import { useLegacyItems } from "../api/list-legacy-items";
import { ASSET_ROUTES } from "../asset-routes";

/**
 * What others left to this user and released: types and who left them, opened in /legacy. Titles
 * are sealed (decision 080) and open in the portal, with the access key: here only the clear title
 * of an item its owner never moved over shows. Absent while loading, on any error and when empty.
 */
export function LeftToYouCard() {
  const { data } = useLegacyItems();
  if (!data?.items.length) return null;
  return (
    <Card>
      <CardHeader className="pb-2">
        <CardHeading icon={Gift}>Left to you</CardHeading>
      </CardHeader>
      <CardContent className="grid gap-3">
        <ul aria-label="Items left to you" className="divide-y divide-border">
          {data.items.map((item) => (
            <li
              key={item.id}
              className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1 py-3"
            >
              <span className="min-w-0 font-medium wrap-anywhere">
                {item.title ?? ASSET_ROUTES[item.type].label}
              </span>
              <span className="flex items-center gap-2 text-sm text-muted-foreground">
                {item.title !== null && <Badge>{ASSET_ROUTES[item.type].label}</Badge>}
                <span className="wrap-anywhere">from {item.ownerName}</span>
              </span>
            </li>
          ))}
        </ul>
        <Button asChild className="w-fit">
          <Link to="/legacy">
            Open<span className="sr-only"> what was left to you</span>
          </Link>
        </Button>
      </CardContent>
    </Card>
  );
}
