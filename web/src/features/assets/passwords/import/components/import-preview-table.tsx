import { Badge } from "@/components/ui/badge";
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from "@/components/ui/table";
import { websiteHost } from "../../password-display";
import type { ImportRow } from "../check-import-rows";

type Props = {
  rows: ImportRow[];
  selected: Set<number>;
  onToggle: (index: number, isSelected: boolean) => void;
  /** False while the vault is still being decrypted: duplicates of it are not known yet. */
  isVaultChecked: boolean;
};

/** What the row will become: new, a duplicate (still importable), or not importable and why. */
function RowStatus({ row, isVaultChecked }: { row: ImportRow; isVaultChecked: boolean }) {
  if (row.problem)
    return (
      <Badge className="border-danger-border bg-danger-surface text-danger-text">
        Not importable: {row.problem}
      </Badge>
    );
  if (row.duplicate)
    return (
      <Badge className="border-warning-border bg-warning-surface text-warning-text">
        Duplicate: {row.duplicate}
      </Badge>
    );
  return <Badge>{isVaultChecked ? "New" : "Checking..."}</Badge>;
}

/**
 * The preview: one row per login of the file, with a tick to leave it out, its title, username
 * and site (never its password), and its status. Rows over a limit cannot be ticked. On a narrow
 * screen the status moves under the title instead of its own column.
 */
export function ImportPreviewTable({ rows, selected, onToggle, isVaultChecked }: Props) {
  return (
    <Table>
      <TableHeader>
        <TableRow>
          <TableHead className="w-10">
            <span className="sr-only">Import</span>
          </TableHead>
          <TableHead>Item</TableHead>
          <TableHead className="hidden sm:table-cell">Status</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {rows.map((row) => {
          const { title, username, website } = row.candidate;
          const host = website ? websiteHost(website) : "";
          const name = title.trim() || `Row ${row.index + 1}`;
          return (
            <TableRow key={row.index} className={row.problem ? "text-muted-foreground" : ""}>
              <TableCell className="align-top">
                <input
                  type="checkbox"
                  className="mt-0.5 size-4 accent-brand"
                  aria-label={`Import ${name}`}
                  checked={selected.has(row.index)}
                  disabled={!row.values}
                  onChange={(e) => onToggle(row.index, e.target.checked)}
                />
              </TableCell>
              <TableCell className="min-w-0">
                <div className="grid gap-1">
                  <span className="font-medium wrap-anywhere">{name}</span>
                  {(username || host) && (
                    <span className="flex flex-wrap gap-x-3 text-muted-foreground">
                      {username && <span className="wrap-anywhere">{username}</span>}
                      {host && <span className="wrap-anywhere">{host}</span>}
                    </span>
                  )}
                  <span className="sm:hidden">
                    <RowStatus row={row} isVaultChecked={isVaultChecked} />
                  </span>
                </div>
              </TableCell>
              <TableCell className="hidden align-top sm:table-cell">
                <RowStatus row={row} isVaultChecked={isVaultChecked} />
              </TableCell>
            </TableRow>
          );
        })}
      </TableBody>
    </Table>
  );
}
