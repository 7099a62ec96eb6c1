import { KeySquare } from "lucide-react";
import { LoadError } from "@/components/load-error";
import { Loading } from "@/components/loading";
import { Card, CardContent, CardHeader, CardHeading } from "@/components/ui/card";
import { useBeneficiaryKeys } from "@/lib/keys/api/list-beneficiary-keys";
import { addressesBeingPrepared, normalizeEmail } from "@/lib/keys/pending-items";
import { formatCount } from "@/lib/format";
import { AccessKeyRow } from "./access-key-row";

/**
 * "Access keys" (decision 032): per beneficiary address, its key's state and what the owner can do
 * with it. `nameOf` gives the beneficiary's name when the owner's list has the address.
 */
export function AccessKeysCard({ nameOf }: { nameOf: (email: string) => string | undefined }) {
  const query = useBeneficiaryKeys();
  const view = query.data;
  const keys = view ? [...view.keys].sort((a, b) => a.email.localeCompare(b.email)) : [];
  const preparing = view ? addressesBeingPrepared(view.keys, view.pending) : [];
  const pendingOf = (email: string) =>
    view?.pending.filter((p) => normalizeEmail(p.beneficiaryEmail) === normalizeEmail(email))
      .length ?? 0;
  return (
    <Card>
      <CardHeader className="pb-2">
        <CardHeading icon={KeySquare} id="access-keys-heading">
          Access keys
        </CardHeading>
        <p className="text-sm text-muted-foreground">
          Each beneficiary needs their access key, and a code we e-mail them at a release, to open
          what you left them. Give it to them yourself, or let the service hold it.
        </p>
      </CardHeader>
      <CardContent>
        {query.isError ? (
          <LoadError onRetry={() => void query.refetch()}>
            Your access keys could not be loaded.
          </LoadError>
        ) : !view ? (
          <Loading variant="list" />
        ) : keys.length === 0 && preparing.length === 0 ? (
          <p className="text-sm">None of your items names a beneficiary yet.</p>
        ) : (
          <ul className="grid divide-y divide-border" aria-labelledby="access-keys-heading">
            {keys.map((key) => (
              // Keyed by address: a re-issue keeps the row (and the focus in it).
              <AccessKeyRow
                key={key.email}
                accessKey={key}
                name={nameOf(normalizeEmail(key.email))}
                pendingCount={pendingOf(key.email)}
              />
            ))}
            {preparing.map((p) => (
              <li key={p.email} className="grid gap-1 py-3 text-sm">
                <span className="font-medium wrap-anywhere">
                  {nameOf(p.email) ? `${nameOf(p.email)} (${p.email})` : p.email}
                </span>
                <span className="text-muted-foreground">
                  {formatCount(p.itemCount, "item")} · Being prepared
                </span>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
