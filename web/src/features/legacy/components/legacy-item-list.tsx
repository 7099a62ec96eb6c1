import { LEGACY_MSG, type LegacyItem, type LegacyItemsView } from "@common/legacy";
import { Inbox, LogOut } from "lucide-react";
import { useId, useMemo, type ReactNode } from "react";
import { Link } from "react-router";
import { PageHeader } from "@/components/page-header";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader } from "@/components/ui/card";
import { errorMessage } from "@/lib/api-client";
import { Loading } from "@/components/loading";
import { linkLook } from "@/components/looks";
import type { Titled } from "@/features/assets/titles/open-titles";
import { formatCount, formatDate } from "@/lib/format";
import { cn } from "@/lib/utils";
import { toast } from "@/lib/toast";
import { useSignOutOfPortal } from "../api/sign-out";
import { groupByOwner, groupHeading, type ItemGroup } from "../group-by-owner";
import { ITEM_TYPES } from "../item-types";
import { legacyItemPath } from "../legacy-paths";
import { useTitleFocus } from "../step-focus";
import { useLegacyTitles, type LegacyTitles } from "../use-legacy-titles";
import { CatalogueRow } from "./catalogue-row";

const isCatalogue = (item: LegacyItem) => item.access === "catalogue";

function ItemRow({ item }: { item: Titled<LegacyItem> }) {
  const { label, Icon } = ITEM_TYPES[item.type];
  return (
    <li className="flex items-start gap-3 py-3">
      <Icon aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-brand" />
      <div className="grid min-w-0 flex-1 gap-0.5">
        <Link
          to={legacyItemPath(item.id)}
          className={cn(
            "w-fit font-medium text-link underline-offset-4 wrap-anywhere hover:underline",
            !item.isTitleOpen && "italic",
          )}
        >
          {item.title}
        </Link>
        <p className="flex flex-wrap gap-x-3 text-sm text-muted-foreground">
          <span>{label}</span>
          <span>Released {formatDate(item.releasedAt)}</span>
          <span>Access until {formatDate(item.accessEndsAt)}</span>
        </p>
      </div>
    </li>
  );
}

/** The items whose titles this tab cannot open yet: how many, and where the access key is asked for. */
function WaitingItems({ ownerName, items }: { ownerName: string; items: LegacyItem[] }) {
  const needsKey = items.find((item) => item.key !== null);
  return (
    <li className="grid gap-1 py-3 text-sm">
      <p>
        {formatCount(items.length, "item")} from {ownerName}:{" "}
        {needsKey
          ? "their titles show once you enter the access key that they gave you."
          : "not ready to be opened yet."}
      </p>
      {needsKey && (
        <Link to={legacyItemPath(needsKey.id)} className={cn(linkLook, "w-fit")}>
          Enter the access key
        </Link>
      )}
    </li>
  );
}

function OwnerGroup({ group, titles }: { group: ItemGroup; titles: LegacyTitles }) {
  const { ownerName } = group;
  const id = useId();
  // told only that they exist (decision 098): listed apart, never opened
  const catalogue = group.items.filter(isCatalogue);
  const items = group.items.filter((i) => !isCatalogue(i));
  const ids = new Set(items.map((i) => i.id));
  const shown = titles.titled?.filter((t) => ids.has(t.id)) ?? [];
  const waiting = titles.waiting.filter((item) => ids.has(item.id));
  const isOpening = !titles.titled && items.length > waiting.length;
  return (
    <Card role="region" aria-labelledby={id}>
      <CardHeader className="pb-2">
        <h2 id={id} className="text-lg font-semibold wrap-anywhere">
          {groupHeading(group)}
        </h2>
        {group.role === "executor" && (
          <p className="text-sm text-muted-foreground">
            The accounts, policies, property and other things {ownerName} listed for whoever settles
            their affairs. Open each entry for its details and what should happen to it.
          </p>
        )}
      </CardHeader>
      <CardContent>
        {isOpening ? (
          <Loading variant="list" />
        ) : (
          <ul className="divide-y divide-border">
            {shown.map((item) => (
              <ItemRow key={item.id} item={item} />
            ))}
            {waiting.length > 0 && <WaitingItems ownerName={ownerName} items={waiting} />}
            {catalogue.map((item) => (
              <CatalogueRow key={item.id} item={item} />
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

/** Step 3 of /legacy: what was left to the proven address, grouped by owner; ended releases; Sign out. `isFocused`: see useHasChangedStep. */
export function LegacyItemList({
  view,
  isFocused,
  care,
}: {
  view: LegacyItemsView;
  isFocused: boolean;
  /** What the visitor reads as a caregiver (decision 093), shown first; none: null. */
  care?: ReactNode;
}) {
  const signOut = useSignOutOfPortal();
  const titleRef = useTitleFocus(isFocused);
  const contentItems = useMemo(() => view.items.filter((i) => !isCatalogue(i)), [view.items]);
  const titles = useLegacyTitles(contentItems);

  const onSignOut = () =>
    signOut.mutate(undefined, {
      onSuccess: () => toast.success(LEGACY_MSG.signedOut),
      onError: (err) => toast.error(errorMessage(err, LEGACY_MSG.signOutFailed)),
    });

  return (
    <>
      <PageHeader
        title="What was left to you"
        titleRef={titleRef}
        description={
          <>
            Signed in as <span className="font-medium wrap-anywhere">{view.email}</span>
          </>
        }
        actions={
          <Button variant="outline" onClick={onSignOut} disabled={signOut.isPending}>
            <LogOut aria-hidden="true" /> {signOut.isPending ? "Signing out..." : "Sign out"}
          </Button>
        }
      />
      {care}
      {view.items.length === 0 && view.upcoming.length === 0 && !care && (
        <Card>
          <CardContent className="flex flex-col items-center gap-3 pt-6 text-center">
            <Inbox aria-hidden="true" className="size-10 text-muted-foreground" />
            <p>{LEGACY_MSG.noItems}</p>
          </CardContent>
        </Card>
      )}
      {groupByOwner(view.items).map((group) => (
        <OwnerGroup key={`${group.ownerName}-${group.role}`} group={group} titles={titles} />
      ))}
      {view.upcoming.map((u) => (
        <Alert key={`${u.ownerName}-${u.on}`} variant="default">
          <AlertTitle className="wrap-anywhere">More from {u.ownerName}</AlertTitle>
          <AlertDescription>{LEGACY_MSG.moreArrives(u.count, formatDate(u.on))}</AlertDescription>
        </Alert>
      ))}
      {view.ended.map((ended) => (
        <Alert key={`${ended.ownerName}-${ended.endedAt}`} variant="default">
          <AlertTitle className="wrap-anywhere">Left to you by {ended.ownerName}</AlertTitle>
          <AlertDescription>
            {LEGACY_MSG.accessEnded} (since {formatDate(ended.endedAt)}).
          </AlertDescription>
        </Alert>
      ))}
    </>
  );
}
