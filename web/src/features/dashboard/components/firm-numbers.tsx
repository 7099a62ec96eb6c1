import { FIRM_OVERVIEW_MSG as MSG, type FirmOverviewView } from "@common/dashboard";
import { Mail, Ticket, UserCog, Users } from "lucide-react";
import type { UseQueryResult } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { LoadError } from "@/components/load-error";
import { Loading } from "@/components/loading";
import { errorMessage } from "@/lib/api-client";
import { CountCard } from "./count-cards";

type Tile = { key: string; to?: string; icon: ReactNode; label: string; count: number };
const icon = (Icon: typeof Users) => <Icon aria-hidden="true" className="size-5" />;

/** The numbers the caller's role may see (the server leaves the others out). */
export function firmTiles(o: FirmOverviewView): Tile[] {
  const isAdmin = o.staff !== undefined;
  const tiles: (Tile | null)[] = [
    { key: "clients", to: "/clients", icon: icon(Users), label: MSG.clients, count: o.clients },
    o.staff === undefined
      ? null
      : { key: "staff", to: "/staff", icon: icon(UserCog), label: MSG.staff, count: o.staff },
    o.activeCodes === undefined
      ? null
      : {
          key: "codes",
          to: "/firm/codes",
          icon: icon(Ticket),
          label: MSG.activeCodes,
          count: o.activeCodes,
        },
    {
      key: "invitations",
      // the pending list is on /staff, an admin's page; staff see the number only
      to: isAdmin ? "/staff" : undefined,
      icon: icon(Mail),
      label: isAdmin ? MSG.pendingInvitations : MSG.pendingClientInvitations,
      count: o.pendingInvitations,
    },
  ];
  return tiles.filter((t): t is Tile => t !== null);
}

/** The Firm Overview's numbers in a balanced grid: two columns, four on wide screens for four. */
export function FirmNumbers({ overview }: { overview: UseQueryResult<FirmOverviewView> }) {
  if (overview.data === undefined)
    return overview.isError ? (
      <LoadError onRetry={() => void overview.refetch()} isRetrying={overview.isFetching}>
        {errorMessage(overview.error, MSG.numbersFailed)}
      </LoadError>
    ) : (
      <Loading variant="detail" />
    );
  const tiles = firmTiles(overview.data);
  return (
    <ul
      aria-label={MSG.numbersLabel}
      className={`grid grid-cols-2 gap-3 ${tiles.length === 4 ? "lg:grid-cols-4" : ""}`}
    >
      {tiles.map(({ key, ...tile }) =>
        tile.to === undefined ? (
          <CountCard key={key} {...tile} />
        ) : (
          <li key={key} className="grid">
            <CountCard {...tile} />
          </li>
        ),
      )}
    </ul>
  );
}
