import { Clock } from "lucide-react";
import { Link } from "react-router";
import { Badge } from "@/components/ui/badge";
import { Card, CardContent, CardHeader, CardHeading } from "@/components/ui/card";
import { formatDate } from "@/lib/format";
import type { Dashboard } from "../api/get-dashboard";
import { ASSET_ROUTES, assetDetailPath } from "../asset-routes";

/**
 * The five most recently updated assets (spec 02 §9): title, type and date, each linking to its detail page.
 * Read-only (a firm user's 'View as Client'): the titles are plain text, not links.
 */
export function RecentAssetsCard({
  recent,
  isReadOnly = false,
}: {
  recent: Dashboard["recent"];
  isReadOnly?: boolean;
}) {
  return (
    <Card>
      <CardHeader className="pb-2">
        <CardHeading icon={Clock}>Recent Activity</CardHeading>
      </CardHeader>
      <CardContent>
        <ul aria-label="Recently updated items" className="divide-y divide-border">
          {recent.map((a) => (
            <li
              key={a.id}
              className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1 py-3"
            >
              {isReadOnly ? (
                <span className="min-w-0 font-medium wrap-anywhere">{a.title}</span>
              ) : (
                <Link
                  to={assetDetailPath(a.type, a.id)}
                  className="min-w-0 font-medium text-link underline-offset-4 wrap-anywhere hover:underline"
                >
                  {a.title}
                </Link>
              )}
              <span className="flex items-center gap-2 text-sm text-muted-foreground">
                <Badge>{ASSET_ROUTES[a.type].label}</Badge>
                <span>
                  Updated <time dateTime={a.updatedAt}>{formatDate(a.updatedAt)}</time>
                </span>
              </span>
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
