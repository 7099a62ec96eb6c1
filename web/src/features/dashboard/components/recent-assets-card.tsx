import type { ClientRecentAssetView } from "@common/clients";
import type { RecentAssetView } from "@common/dashboard";
import { Clock } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { RequireVaultKey } from "@/components/keys/require-vault-key";
import { Loading } from "@/components/loading";
import { Badge } from "@/components/ui/badge";
import { Card, CardContent, CardHeader, CardHeading } from "@/components/ui/card";
import { useOwnedTitles } from "@/features/assets/titles/use-opened-titles";
import { formatDate } from "@/lib/format";
import { cn } from "@/lib/utils";
import { ASSET_ROUTES, assetDetailPath } from "../asset-routes";

type RecentRow = ClientRecentAssetView & { title?: string; isTitleOpen?: boolean };

function RecentList({ rows, isReadOnly }: { rows: RecentRow[]; isReadOnly: boolean }) {
  return (
    <ul aria-label="Recently updated items" className="divide-y divide-border">
      {rows.map((a) => {
        const name = a.title ?? ASSET_ROUTES[a.type].label;
        const nameClass = cn(
          "min-w-0 font-medium wrap-anywhere",
          a.isTitleOpen === false && "text-muted-foreground italic",
        );
        return (
          <li
            key={a.id}
            className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1 py-3"
          >
            {isReadOnly ? (
              <span className={nameClass}>{name}</span>
            ) : (
              <Link
                to={assetDetailPath(a.type, a.id)}
                className={cn(nameClass, "text-link underline-offset-4 hover:underline")}
              >
                {name}
              </Link>
            )}
            <span className="flex items-center gap-2 text-sm text-muted-foreground">
              {a.title !== undefined && <Badge>{ASSET_ROUTES[a.type].label}</Badge>}
              <span>
                Updated <time dateTime={a.updatedAt}>{formatDate(a.updatedAt)}</time>
              </span>
            </span>
          </li>
        );
      })}
    </ul>
  );
}

function RecentCard({ children }: { children: ReactNode }) {
  return (
    <Card>
      <CardHeader className="pb-2">
        <CardHeading icon={Clock}>Recent Activity</CardHeading>
      </CardHeader>
      <CardContent>{children}</CardContent>
    </Card>
  );
}

function OpenedRecentList({ recent }: { recent: RecentAssetView[] }) {
  const titled = useOwnedTitles(recent);
  return titled.rows ? (
    <RecentList rows={titled.rows} isReadOnly={false} />
  ) : (
    <Loading variant="list" />
  );
}

/**
 * The owner's five most recently updated items (spec 02 §9): title, type and date, each linking to
 * its detail page. The titles are sealed (decision 080) and opened here with the data key: a tab
 * without it asks to unlock first.
 */
export function RecentAssetsCard({ recent }: { recent: RecentAssetView[] }) {
  return (
    <RecentCard>
      <RequireVaultKey loading="list">
        <OpenedRecentList recent={recent} />
      </RequireVaultKey>
    </RecentCard>
  );
}

/** A client's recent items as their firm sees them ('View as Client'): type and date only, never a title (decision 080). */
export function ClientRecentAssetsCard({ recent }: { recent: ClientRecentAssetView[] }) {
  return (
    <RecentCard>
      <RecentList rows={recent} isReadOnly />
    </RecentCard>
  );
}
