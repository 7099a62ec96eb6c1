import type { MouseEvent } from "react";
import { Link, useNavigate } from "react-router";
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from "@/components/ui/table";
import { SortableHead } from "@/components/sortable-head";
import { CARDS_BELOW_SM } from "@/components/table-cards";
import { TruncatedText } from "@/components/truncated-text";
import { formatDate } from "@/lib/format";
import type { ClientRow, ClientSort, SortDir } from "../api/list-clients";

type Props = {
  clients: ClientRow[];
  sort: ClientSort;
  dir: SortDir;
  onSort: (column: ClientSort) => void;
};

/**
 * Client Name (sortable), Email and Joined (sortable). A click anywhere on a row opens the client;
 * keyboard users have the name's link. Below 640 px each row is a card under the sort buttons.
 */
export function ClientsTable({ clients, sort, dir, onSort }: Props) {
  const navigate = useNavigate();
  const onRowClick = (event: MouseEvent<HTMLTableRowElement>, id: string) => {
    if ((event.target as HTMLElement).closest("a, button") || window.getSelection()?.toString())
      return;
    navigate(`/clients/${id}`);
  };
  return (
    <Table className={CARDS_BELOW_SM}>
      <TableHeader>
        <TableRow>
          <SortableHead direction={sort === "name" ? dir : null} onSort={() => onSort("name")}>
            Client Name
          </SortableHead>
          <TableHead scope="col">Email</TableHead>
          <SortableHead direction={sort === "joined" ? dir : null} onSort={() => onSort("joined")}>
            Joined
          </SortableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {clients.map((c) => (
          <TableRow
            key={c.id}
            onClick={(e) => onRowClick(e, c.id)}
            className="cursor-pointer hover:bg-muted"
          >
            <TableCell className="font-medium">
              <Link
                to={`/clients/${c.id}`}
                className="text-link underline-offset-4 hover:underline"
              >
                {c.name}
              </Link>
            </TableCell>
            <TableCell data-label="Email" className="text-foreground-soft">
              <TruncatedText text={c.email} />
            </TableCell>
            <TableCell data-label="Joined" className="whitespace-nowrap text-foreground-soft">
              {formatDate(c.createdAt)}
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
