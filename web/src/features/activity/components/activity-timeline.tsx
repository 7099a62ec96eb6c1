import { ACTIVITY_MSG, type ActivityEvent, type ActivityPage } from "@common/activity";
import type { InfiniteData, UseInfiniteQueryResult } from "@tanstack/react-query";
import {
  Building2,
  Download,
  Eye,
  FileText,
  History,
  Hourglass,
  KeyRound,
  LogIn,
  Mail,
  Ticket,
  UserCog,
  Users,
  type LucideIcon,
} from "lucide-react";
import { useId } from "react";
import { LoadError } from "@/components/load-error";
import { Loading } from "@/components/loading";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader } from "@/components/ui/card";
import { Label } from "@/components/ui/label";
import { NativeSelect } from "@/components/ui/native-select";
import { errorMessage } from "@/lib/api-client";
import { formatDateTime } from "@/lib/format";

const ICONS: Record<string, LucideIcon> = {
  sign_in: LogIn,
  items: FileText,
  keys: KeyRound,
  firm: Building2,
  release: Hourglass,
  beneficiaries: Users,
  invitations: Mail,
  codes: Ticket,
  members: UserCog,
  views: Eye,
  attestations: Hourglass,
  details: Building2,
};

type Props<K extends string> = {
  title: string;
  description: string;
  labels: Record<K, string>;
  type: K | undefined;
  onTypeChange: (type: K | undefined) => void;
  query: UseInfiniteQueryResult<InfiniteData<ActivityPage>>;
  /** Opened titles by item id: an event about one of these items names it (the owner's timeline). */
  itemTitles?: ReadonlyMap<string, string>;
  /** Where the shown kind downloads as a spreadsheet (the firm's timeline), if it does. */
  csvHref?: string;
};

/** One timeline: a kind filter, the events newest first, and "Load more" while there are older ones. */
export function ActivityTimeline<K extends string>(props: Props<K>) {
  const { title, description, labels, type, onTypeChange, query, itemTitles, csvHref } = props;
  const titleId = useId();
  const filterId = useId();
  const events = query.data?.pages.flatMap((p) => p.events) ?? [];
  const kinds = Object.keys(labels) as K[];

  return (
    <Card aria-labelledby={titleId}>
      <CardHeader>
        <div className="flex flex-wrap items-end justify-between gap-3">
          <div className="grid gap-1">
            <h2 id={titleId} className="text-lg font-semibold">
              {title}
            </h2>
            <CardDescription>{description}</CardDescription>
          </div>
          <div className="grid w-full gap-1.5 sm:w-64">
            <Label htmlFor={filterId}>{ACTIVITY_MSG.filterLabel}</Label>
            <NativeSelect
              id={filterId}
              value={type ?? ""}
              onChange={(e) => onTypeChange(kinds.find((k) => k === e.target.value))}
            >
              <option value="">{ACTIVITY_MSG.allKinds}</option>
              {kinds.map((k) => (
                <option key={k} value={k}>
                  {labels[k]}
                </option>
              ))}
            </NativeSelect>
          </div>
          {csvHref && (
            <Button asChild variant="outline" className="w-full sm:w-fit">
              <a href={csvHref} download>
                <Download aria-hidden="true" /> {ACTIVITY_MSG.download}
              </a>
            </Button>
          )}
        </div>
      </CardHeader>
      <CardContent className="grid gap-4">
        {query.isPending ? (
          <Loading variant="list" />
        ) : query.isError ? (
          <LoadError onRetry={() => void query.refetch()} isRetrying={query.isFetching}>
            {errorMessage(query.error, ACTIVITY_MSG.loadFailed)}
          </LoadError>
        ) : events.length === 0 ? (
          <p className="flex items-center gap-2 py-6 text-muted-foreground">
            <History aria-hidden="true" className="size-5" />
            {type ? ACTIVITY_MSG.emptyFiltered : ACTIVITY_MSG.empty}
          </p>
        ) : (
          <ol className="divide-y divide-border" aria-labelledby={titleId}>
            {events.map((event) => (
              <EventRow
                key={event.id}
                event={event}
                itemTitle={event.itemId ? itemTitles?.get(event.itemId) : undefined}
              />
            ))}
          </ol>
        )}
        {query.hasNextPage && !query.isError && (
          <Button
            variant="outline"
            className="w-full sm:w-fit"
            onClick={() => void query.fetchNextPage()}
            disabled={query.isFetchingNextPage}
          >
            {query.isFetchingNextPage ? ACTIVITY_MSG.loadingMore : ACTIVITY_MSG.loadMore}
          </Button>
        )}
      </CardContent>
    </Card>
  );
}

function EventRow({ event, itemTitle }: { event: ActivityEvent; itemTitle?: string }) {
  const Icon = ICONS[event.kind] ?? History;
  return (
    <li className="flex items-start gap-3 py-3">
      <span className="mt-0.5 flex size-8 shrink-0 items-center justify-center rounded-full bg-muted-strong text-foreground-soft">
        <Icon aria-hidden="true" className="size-4" />
      </span>
      <div className="grid min-w-0 gap-0.5">
        <p className="wrap-anywhere">{event.text}</p>
        {itemTitle !== undefined && <p className="font-medium wrap-anywhere">{itemTitle}</p>}
        <time dateTime={event.at} className="text-sm text-muted-foreground">
          {formatDateTime(event.at)}
        </time>
      </div>
    </li>
  );
}
