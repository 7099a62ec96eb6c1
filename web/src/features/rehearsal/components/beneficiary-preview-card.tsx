import { receivedAs, RECEIVED_AS_TEXT, type AssetType } from "@common/assets";
import { CATALOGUE_MSG } from "@common/catalogue";
import { deliveryLabel, type DeliveryListView } from "@common/deliveries";
import type { UseQueryResult } from "@tanstack/react-query";
import { Eye } from "lucide-react";
import { useId, useMemo, useState, type ReactNode } from "react";
import { RequireVaultKey } from "@/components/keys/require-vault-key";
import { LoadError } from "@/components/load-error";
import { Loading } from "@/components/loading";
import { Card, CardContent, CardHeader, CardHeading } from "@/components/ui/card";
import { Label } from "@/components/ui/label";
import { NativeSelect } from "@/components/ui/native-select";
import { useAssets } from "@/features/assets/api/list-assets";
import { sortByTitle } from "@/features/assets/sort-assets";
import { useOwnedTitles } from "@/features/assets/titles/use-opened-titles";
import { errorMessage } from "@/lib/api-client";
import type { NameOf } from "@/lib/beneficiary-names";
import { formatCount } from "@/lib/format";
import { cn } from "@/lib/utils";

const TYPE_LABELS: Record<AssetType, string> = {
  password: "Password",
  document: "Document",
  note: "Note",
  estate: "Inventory entry",
  message: "Message",
  wishes: "Final wishes",
};

/** " · As executor" beside an item a role gives (decision 091); nothing for an item left to them. */
const asRole = (why: ReturnType<typeof receivedAs>) =>
  why === "executor" || why === "legal_contact" ? ` · ${RECEIVED_AS_TEXT[why]}` : "";

/** The owner chose that `email` is told only that the item exists (decision 098). */
const isCatalogueFor = (item: { catalogueEmails?: string[] }, email: string) =>
  item.catalogueEmails?.some((e) => e.trim().toLowerCase() === email.trim().toLowerCase()) ?? false;

const ORDINALS = ["first", "second", "third"];

/** " · 30 days after the release" for an item that waits (decision 096); nothing at the release. */
const when = (delayDays: number | undefined) =>
  delayDays ? ` · ${deliveryLabel(delayDays as 7 | 30 | 90)} the release` : "";

/** Each item's delay and people in turn, by item id. */
const byAsset = (list: DeliveryListView | undefined) =>
  new Map(list?.items.map((i) => [i.assetId, i]) ?? []);

/** One item of the preview: its title (in italics while sealed), its kind, then `children`. */
function PreviewRow({
  item,
  children,
}: {
  item: { title: string; isTitleOpen: boolean; type: AssetType };
  children: ReactNode;
}) {
  return (
    <li className="grid gap-0.5 py-2">
      <span className={cn("font-medium wrap-anywhere", !item.isTitleOpen && "italic")}>
        {item.title}
      </span>
      <span className="text-muted-foreground">
        {TYPE_LABELS[item.type]}
        {children}
      </span>
    </li>
  );
}

const same = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * "What will Emma receive" (docs/decisions/083): for the beneficiary chosen, the items a release
 * would hand them, as the portal would list them, each with its day (decision 096); then the items
 * they are next in turn for, which reach them only if nobody before opens them in time. Worked out
 * here, in the owner's browser, from the owner's own list and titles opened with the owner's key;
 * nothing is sent or changed.
 */
export function BeneficiaryPreviewCard({
  nameOf,
  deliveries,
}: {
  nameOf: NameOf;
  /** The owner's delays and people in turn (GET /api/deliveries), from the route. */
  deliveries: UseQueryResult<DeliveryListView>;
}) {
  const assets = useAssets();
  const titled = useOwnedTitles(assets.data);
  const selectId = useId();
  const emails = useMemo(
    () =>
      [
        ...new Set(
          assets.data?.flatMap((a) => [
            ...a.beneficiaryEmails,
            ...a.roleGrants.map((g) => g.email),
            ...(deliveries.data?.items.find((d) => d.assetId === a.id)?.fallbacks ?? []),
          ]) ?? [],
        ),
      ].sort(),
    [assets.data, deliveries.data],
  );
  const [chosen, setChosen] = useState<string>();
  const email = chosen && emails.includes(chosen) ? chosen : emails[0];
  const who = email ? (nameOf(email) ?? email) : "";
  const delivery = byAsset(deliveries.data);
  const items = email
    ? sortByTitle(titled.rows?.filter((a) => receivedAs(a, email) !== null) ?? [])
    : [];
  const inTurn = email
    ? sortByTitle(
        titled.rows?.filter(
          (a) =>
            receivedAs(a, email) === null &&
            delivery.get(a.id)?.fallbacks.some((f) => same(f, email)),
        ) ?? [],
      )
    : [];
  const turnOf = (id: string) =>
    ORDINALS[delivery.get(id)?.fallbacks.findIndex((f) => same(f, email ?? "")) ?? 0] ?? "next";

  return (
    <Card role="region" aria-labelledby="preview-heading">
      <CardHeader className="pb-2">
        <CardHeading id="preview-heading" icon={Eye}>
          What each beneficiary would receive
        </CardHeading>
      </CardHeader>
      <CardContent className="grid gap-4 text-sm">
        <p className="text-muted-foreground">
          A preview shown only to you, in this browser: the items a release would list for the
          person you choose. Nothing is sent and nothing changes.
        </p>
        {assets.isError || deliveries.isError ? (
          <LoadError
            onRetry={() => {
              void assets.refetch();
              void deliveries.refetch();
            }}
          >
            {errorMessage(assets.error ?? deliveries.error, "Your items could not be loaded.")}
          </LoadError>
        ) : !assets.data || !deliveries.data ? (
          <Loading variant="list" />
        ) : !email ? (
          <p>None of your items is left to anyone yet.</p>
        ) : (
          <>
            <div className="grid max-w-sm gap-2">
              <Label htmlFor={selectId}>Beneficiary</Label>
              <NativeSelect id={selectId} value={email} onChange={(e) => setChosen(e.target.value)}>
                {emails.map((e) => (
                  <option key={e} value={e}>
                    {nameOf(e) ? `${nameOf(e)} (${e})` : e}
                  </option>
                ))}
              </NativeSelect>
            </div>
            <RequireVaultKey loading="list">
              {!titled.rows ? (
                <Loading variant="list" />
              ) : (
                <section
                  aria-label={`Preview: what ${who} would receive`}
                  className="grid gap-2 rounded-md border border-dashed p-4"
                  data-testid="beneficiary-preview"
                >
                  <p className="font-medium">
                    <span className="mr-2 rounded bg-muted px-1.5 py-0.5 text-xs uppercase">
                      Preview
                    </span>
                    After a release, {who} would see {formatCount(items.length, "item")} from you:
                  </p>
                  <ul className="divide-y">
                    {items.map((item) => (
                      <PreviewRow key={item.id} item={item}>
                        {asRole(receivedAs(item, email))}
                        {isCatalogueFor(item, email) && ` · ${CATALOGUE_MSG.catalogue}`}
                        {when(delivery.get(item.id)?.delayDays)}
                      </PreviewRow>
                    ))}
                  </ul>
                  {inTurn.length > 0 && (
                    <>
                      <p className="pt-2 font-medium">
                        Only if nobody before {who} opens it in time:
                      </p>
                      <ul className="divide-y" aria-label={`Items ${who} is next in turn for`}>
                        {inTurn.map((item) => (
                          <PreviewRow key={item.id} item={item}>
                            {` · ${turnOf(item.id)} in turn`}
                          </PreviewRow>
                        ))}
                      </ul>
                    </>
                  )}
                </section>
              )}
            </RequireVaultKey>
          </>
        )}
      </CardContent>
    </Card>
  );
}
