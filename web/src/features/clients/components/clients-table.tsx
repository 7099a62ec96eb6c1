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
import { formatDate } from "@/lib/format-date";
import type { ClientRow, ClientSort, SortDir } from "../api/list-clients";
import { SortableHead } from "./sortable-head";

type Props = {
  clients: ClientRow[];
  sort: ClientSort;
  dir: SortDir;
  onSort: (column: ClientSort) => void;
};

/** Client Name (sortable), Email and Joined (sortable). A click anywhere on a row opens the client; keyboard users have the name's link. */
export function ClientsTable({ clients, sort, dir, onSort }: Props) {
  const navigate = useNavigate();
  const onRowClick = (event: MouseEvent<HTMLTableRowElement>, id: string) => {
    if ((event.target as HTMLElement).closest("a, button") || window.getSelection()?.toString())
      return;
    navigate(`/clients/${id}`);
  };
  return (
    <Table>
      <TableHeader>
        <TableRow>
          <SortableHead direction={sort === "name" ? dir : null} onSort={() => onSort("name")}>
            Client Name
          </SortableHead>
          <TableHead scope="col" className="hidden sm:table-cell">
            Email
          </TableHead>
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
              {/* Narrow screens: the e-mail under the name instead of its own column. */}
              <span className="block text-xs font-normal text-foreground-soft wrap-anywhere sm:hidden">
                {c.email}
              </span>
            </TableCell>
            <TableCell className="hidden text-foreground-soft sm:table-cell">{c.email}</TableCell>
            <TableCell className="whitespace-nowrap text-foreground-soft">
              {formatDate(c.createdAt)}
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
