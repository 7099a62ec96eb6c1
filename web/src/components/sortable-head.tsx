import { ArrowDown, ArrowUp, ArrowUpDown } from "lucide-react";
import type { ReactNode } from "react";
import { TableHead } from "@/components/ui/table";

type SortDir = "asc" | "desc";

/**
 * A column header that sorts: the <th> carries aria-sort, its button changes the order. Shared by
 * the client list and the plan status.
 */
export function SortableHead({
  children,
  direction,
  onSort,
}: {
  children: ReactNode;
  direction: SortDir | null;
  onSort: () => void;
}) {
  const Icon = direction === "asc" ? ArrowUp : direction === "desc" ? ArrowDown : ArrowUpDown;
  return (
    <TableHead
      scope="col"
      aria-sort={direction === "asc" ? "ascending" : direction === "desc" ? "descending" : "none"}
      className="px-1"
    >
      <button
        type="button"
        onClick={onSort}
        className="inline-flex h-9 items-center gap-1 rounded-md px-2 font-medium text-foreground-soft hover:bg-muted-strong hover:text-foreground"
      >
        {children}
        <Icon aria-hidden="true" className="size-4" />
      </button>
    </TableHead>
  );
}
