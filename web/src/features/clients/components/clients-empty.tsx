import { CLIENT_MSG } from "@common/clients";
import { RefreshCw, UserPlus, Users } from "lucide-react";
import { Link } from "react-router";
import { Button } from "@/components/ui/button";
import { useEditsClients } from "@/lib/me";

/** 'No clients found', with a way to invite one, to refresh, and to clear a search that found nothing. */
export function ClientsEmpty({
  search,
  onRefresh,
  onClearSearch,
  isRefreshing,
}: {
  search: string;
  onRefresh: () => void;
  onClearSearch: () => void;
  isRefreshing: boolean;
}) {
  const editsClients = useEditsClients();
  return (
    <div className="flex flex-col items-center gap-3 px-4 py-10 text-center">
      <Users aria-hidden="true" className="size-10 text-muted-foreground" />
      <h2 className="text-lg font-semibold">{CLIENT_MSG.empty}</h2>
      {search && (
        <p className="text-sm text-muted-foreground wrap-anywhere">
          No client's name or email matches “{search}”.
        </p>
      )}
      <div className="flex flex-wrap justify-center gap-2">
        {editsClients && (
          <Button asChild>
            <Link to="/clients/invite">
              <UserPlus aria-hidden="true" /> Invite Your First Client
            </Link>
          </Button>
        )}
        <Button variant="outline" onClick={onRefresh} disabled={isRefreshing}>
          <RefreshCw aria-hidden="true" /> {isRefreshing ? "Refreshing..." : "Refresh List"}
        </Button>
        {search && (
          <Button variant="ghost" onClick={onClearSearch}>
            Clear search
          </Button>
        )}
      </div>
    </div>
  );
}
