import type { OpenedAssetView } from "@/features/assets/titles/open-titles";
import type { PasswordContent } from "@common/assets/passwords";
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from "@/components/ui/table";
import { formatCount, formatDate } from "@/lib/format";

type Props = {
  /** The section's heading: "Passwords". */
  title: string;
  assets: OpenedAssetView[];
  /** The passwords' decrypted fields, only when the owner asked for secrets. */
  secrets?: ReadonlyMap<string, PasswordContent>;
};

/** One type's items in the inventory: title, beneficiary, dates (and, asked for, username and password). */
export function InventoryTable({ title, assets, secrets }: Props) {
  const id = `inventory-${title.toLowerCase()}`;
  return (
    <section aria-labelledby={id} className="grid grid-cols-1 gap-2 break-inside-avoid-page">
      <h2 id={id} className="text-lg font-semibold">
        {title}{" "}
        <span className="font-normal text-muted-foreground">({formatCount(assets.length)})</span>
      </h2>
      {assets.length === 0 ? (
        <p className="text-sm text-muted-foreground">None.</p>
      ) : (
        <div className="rounded-lg border border-border bg-card print:border-black">
          <Table scrollLabel={title}>
            <TableHeader className="print:bg-transparent">
              <TableRow>
                <TableHead scope="col">Title</TableHead>
                {secrets && <TableHead scope="col">Username</TableHead>}
                {secrets && <TableHead scope="col">Password</TableHead>}
                <TableHead scope="col">Beneficiary</TableHead>
                <TableHead scope="col">Created</TableHead>
                <TableHead scope="col">Updated</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {assets.map((asset) => {
                const secret = secrets?.get(asset.id);
                return (
                  <TableRow key={asset.id} className="break-inside-avoid">
                    <TableHead
                      scope="row"
                      className="h-auto py-3 font-medium text-foreground whitespace-normal wrap-anywhere"
                    >
                      {asset.title}
                    </TableHead>
                    {secrets && (
                      <TableCell className="wrap-anywhere">{secret?.username || "—"}</TableCell>
                    )}
                    {secrets && (
                      <TableCell className="font-mono wrap-anywhere">
                        {secret ? secret.password : "Could not be decrypted"}
                      </TableCell>
                    )}
                    <TableCell className="wrap-anywhere">
                      {asset.beneficiaryEmails.join(", ") || "None"}
                    </TableCell>
                    <TableCell className="whitespace-nowrap">
                      {formatDate(asset.createdAt)}
                    </TableCell>
                    <TableCell className="whitespace-nowrap">
                      {formatDate(asset.updatedAt)}
                    </TableCell>
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
        </div>
      )}
    </section>
  );
}
