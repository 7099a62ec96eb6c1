import { BENEFICIARY_MSG } from "@common/beneficiaries";
import { Eye, Gift, Hourglass, KeySquare, Pencil } from "lucide-react";
import { Link, useParams } from "react-router";
import { LoadError } from "@/components/load-error";
import { BeneficiaryLabels } from "@/components/beneficiary-label";
import { Loading } from "@/components/loading";
import { PageHeader } from "@/components/page-header";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardHeading } from "@/components/ui/card";
import { useOwnedTitles } from "@/features/assets/titles/use-opened-titles";
import { useAssets } from "@/features/assets/api/list-assets";
import { assetPath } from "@/features/assets/vault-search/match-vault";
import { useBeneficiaries } from "@/features/beneficiaries/api/list-beneficiaries";
import { BeneficiaryNotFound } from "@/features/beneficiaries/components/beneficiary-not-found";
import { receivedAs, RECEIVED_AS_TEXT } from "@common/assets";
import { itemsLeftTo, releaseLine, sharedWith } from "@/features/beneficiaries/what-they-receive";
import { useBeneficiaryKeys } from "@/lib/keys/api/list-beneficiary-keys";
import { normalizeEmail } from "@/lib/keys/pending-items";
import { ITEM_TYPES } from "@/features/legacy/item-types";
import { useReleasePlan } from "@/features/release/api/get-release-plan";
import { AccessKeyRow } from "@/features/release/components/access-key-row";
import { errorMessage } from "@/lib/api-client";
import { useMe } from "@/lib/me";

const firstName = (name: string) => name.trim().split(/\s+/)[0] ?? name;

/**
 * /beneficiaries/:id (issue 16, point 7): "What Emma will receive" — the items left to her, the
 * release plan that governs them, her access key, and a preview of the list her portal will show
 * (titles, opened in the browser, and types: no content is opened here).
 */
export default function BeneficiaryDetailScreen() {
  const { id = "" } = useParams();
  const list = useBeneficiaries();
  const assets = useAssets();
  const titled = useOwnedTitles(assets.data);
  const beneficiary = list.data?.find((b) => b.id === id);

  if (list.data && !beneficiary) return <BeneficiaryNotFound />;
  const loadError = list.isError
    ? errorMessage(list.error, BENEFICIARY_MSG.loadFailed)
    : assets.isError
      ? errorMessage(assets.error, "Your items could not be loaded.")
      : undefined;
  if (loadError)
    return (
      <LoadError
        onRetry={() => {
          void list.refetch();
          void assets.refetch();
        }}
      >
        {loadError}
      </LoadError>
    );
  if (!beneficiary || !titled.rows) return <Loading variant="detail" />;

  const items = itemsLeftTo(titled.rows, beneficiary.email);
  const first = firstName(beneficiary.name);
  return (
    <div className="mx-auto grid max-w-3xl gap-6">
      <PageHeader
        title={beneficiary.name}
        description={
          <span className="wrap-anywhere">
            {beneficiary.relationship ? `${beneficiary.relationship} · ` : ""}
            {beneficiary.email}
          </span>
        }
        back={{ to: "/beneficiaries", label: "Back to beneficiaries" }}
        actions={
          <Button asChild variant="outline">
            <Link to={`/beneficiaries/edit/${encodeURIComponent(beneficiary.id)}`}>
              <Pencil aria-hidden="true" /> Edit
            </Link>
          </Button>
        }
      />
      <ItemsCard first={first} email={beneficiary.email} items={items} />
      <ReleaseCard name={first} />
      <AccessKeyCard email={beneficiary.email} name={beneficiary.name} />
      <PortalPreview first={first} email={beneficiary.email} items={items} />
    </div>
  );
}

type Items = ReturnType<typeof itemsLeftTo>;

function ItemsCard({ first, email, items }: { first: string; email: string; items: Items }) {
  return (
    <Card>
      <CardHeader className="pb-2">
        <CardHeading icon={Gift} id="receive-heading">
          What {first} will receive
        </CardHeading>
      </CardHeader>
      <CardContent>
        {items.length === 0 ? (
          <p className="text-sm">
            Nothing is left to {first} yet. Choose {first} as the beneficiary of a password,
            document or note.
          </p>
        ) : (
          <ul className="divide-y divide-border" aria-labelledby="receive-heading">
            {items.map((item) => {
              const { label, Icon } = ITEM_TYPES[item.type];
              return (
                <li key={item.id} className="flex items-center gap-3 py-2">
                  <Icon aria-hidden="true" className="size-5 shrink-0 text-brand" />
                  <span className="grid min-w-0 flex-1 gap-0.5">
                    <Link
                      to={assetPath(item)}
                      className="font-medium text-link underline-offset-4 wrap-anywhere hover:underline"
                    >
                      {item.title}
                    </Link>
                    {receivedAs(item, email) === "executor" && (
                      <span className="text-xs text-muted-foreground">
                        {RECEIVED_AS_TEXT.executor}
                      </span>
                    )}
                    {receivedAs(item, email) === "legal_contact" && (
                      <span className="text-xs text-muted-foreground">
                        {RECEIVED_AS_TEXT.legal_contact}
                      </span>
                    )}
                    {receivedAs(item, email) === "left" && sharedWith(item, email).length > 0 && (
                      <span className="text-xs text-muted-foreground">
                        Also left to{" "}
                        <BeneficiaryLabels emails={sharedWith(item, email)} isCompact />
                      </span>
                    )}
                  </span>
                  <span className="text-sm text-muted-foreground">{label}</span>
                </li>
              );
            })}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

function ReleaseCard({ name }: { name: string }) {
  const release = useReleasePlan();
  return (
    <Card>
      <CardHeader className="pb-2">
        <CardHeading icon={Hourglass}>When</CardHeading>
      </CardHeader>
      <CardContent className="grid gap-3 text-sm">
        {release.data ? (
          <p>{releaseLine(release.data, name)}</p>
        ) : release.isError ? (
          <p>Your release plan could not be loaded.</p>
        ) : (
          <Loading variant="list" />
        )}
        <Link to="/release" className="w-fit text-link underline-offset-4 hover:underline">
          Review your release plan
        </Link>
      </CardContent>
    </Card>
  );
}

function AccessKeyCard({ email, name }: { email: string; name: string }) {
  const keys = useBeneficiaryKeys();
  const key = keys.data?.keys.find((k) => normalizeEmail(k.email) === normalizeEmail(email));
  const pending =
    keys.data?.pending.filter((p) => normalizeEmail(p.beneficiaryEmail) === normalizeEmail(email))
      .length ?? 0;
  return (
    <Card>
      <CardHeader className="pb-2">
        <CardHeading icon={KeySquare} id="key-heading">
          Access key
        </CardHeading>
      </CardHeader>
      <CardContent className="text-sm">
        {keys.isError ? (
          <p>The access key could not be loaded.</p>
        ) : !keys.data ? (
          <Loading variant="list" />
        ) : key ? (
          <ul aria-labelledby="key-heading">
            <AccessKeyRow accessKey={key} name={name} pendingCount={pending} />
          </ul>
        ) : (
          <p>No access key yet: it is made when you leave {name} an item.</p>
        )}
      </CardContent>
    </Card>
  );
}

/** The list the beneficiary's portal shows after a release (features/legacy), drawn the same way, without content. */
function PortalPreview({ first, email, items }: { first: string; email: string; items: Items }) {
  const me = useMe();
  return (
    <Card>
      <CardHeader className="pb-2">
        <CardHeading icon={Eye} id="preview-heading">
          What {first}&rsquo;s portal will show
        </CardHeading>
        <p className="text-sm text-muted-foreground">
          After a release, {first} proves <span className="wrap-anywhere">{email}</span> with a code
          we e-mail, then enters the access key you gave them (none if the service holds it). Each
          item opens only in their browser. This preview shows no content.
        </p>
      </CardHeader>
      <CardContent>
        <figure
          aria-labelledby="preview-heading"
          className="grid gap-2 rounded-lg border border-dashed border-border bg-muted/40 p-4"
        >
          <p className="font-semibold wrap-anywhere">Left to you by {me.data?.name ?? "you"}</p>
          {items.length === 0 ? (
            <p className="text-sm text-muted-foreground">Nothing yet.</p>
          ) : (
            <ul className="divide-y divide-border">
              {items.map((item) => {
                const { label, Icon } = ITEM_TYPES[item.type];
                return (
                  <li key={item.id} className="flex items-start gap-3 py-2">
                    <Icon aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-brand" />
                    <span className="grid min-w-0 gap-0.5">
                      <span className="font-medium wrap-anywhere">{item.title}</span>
                      <span className="text-sm text-muted-foreground">{label}</span>
                    </span>
                  </li>
                );
              })}
            </ul>
          )}
        </figure>
      </CardContent>
    </Card>
  );
}
