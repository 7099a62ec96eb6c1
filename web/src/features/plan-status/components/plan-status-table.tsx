import {
  PLAN_STATUS_CHECKS,
  PLAN_STATUS_MSG,
  PLAN_STATUS_SORT_LABELS,
  type PlanStatusRowView,
  type PlanStatusSort,
} from "@common/plan-status";
import { Check, X } from "lucide-react";
import { Link } from "react-router";
import { SortableHead } from "@/components/sortable-head";
import { CARDS_BELOW_SM } from "@/components/table-cards";
import {
  Table,
  TableBody,
  TableCaption,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from "@/components/ui/table";
import { formatDate } from "@/lib/format";
import type { PlanStatusParams } from "../api/list-plan-status";

type Props = {
  clients: PlanStatusRowView[];
  params: PlanStatusParams;
  onSort: (column: PlanStatusSort) => void;
};

/** Yes or No in words, with an icon that only repeats them. */
function YesNo({ value }: { value: boolean }) {
  return value ? (
    <span className="inline-flex items-center gap-1">
      <Check aria-hidden="true" className="size-4 text-success" /> Yes
    </span>
  ) : (
    <span className="inline-flex items-center gap-1 text-foreground-soft">
      <X aria-hidden="true" className="size-4 text-destructive" /> No
    </span>
  );
}

/**
 * One row per client: its score, the last check-in and the five steps as Yes/No, nothing from the
 * vault (the e-mail is in the CSV and on the client's page). A real table (headers, aria-sort on the sorted column) under a visible caption; wider
 * than a phone, it scrolls sideways down to 640 px, and below that each row is a card under the
 * sort buttons.
 */
export function PlanStatusTable({ clients, params, onSort }: Props) {
  const sortable = (column: PlanStatusSort) => (
    <SortableHead
      direction={params.sort === column ? params.dir : null}
      onSort={() => onSort(column)}
    >
      {PLAN_STATUS_SORT_LABELS[column]}
    </SortableHead>
  );
  return (
    <Table className={CARDS_BELOW_SM}>
      <TableCaption className="mt-0 caption-top pb-3 text-left max-sm:block">
        {PLAN_STATUS_MSG.caption}. {PLAN_STATUS_MSG.scoreHelp}
      </TableCaption>
      <TableHeader>
        <TableRow>
          {sortable("name")}
          {sortable("score")}
          {sortable("check_in")}
          {PLAN_STATUS_CHECKS.map(([field, , label]) => (
            <TableHead key={field} scope="col" className="px-2">
              {label}
            </TableHead>
          ))}
        </TableRow>
      </TableHeader>
      <TableBody>
        {clients.map((c) => (
          <TableRow key={c.clientId} className="max-sm:grid-cols-2">
            <TableCell className="min-w-36 font-medium max-sm:col-span-2">
              <Link
                to={`/clients/${c.clientId}`}
                className="text-link underline-offset-4 hover:underline"
              >
                {c.name}
              </Link>
            </TableCell>
            <TableCell data-label="Score" className="font-medium tabular-nums">
              {c.score}
            </TableCell>
            <TableCell data-label="Last check-in" className="whitespace-nowrap">
              {c.lastCheckInAt ? formatDate(c.lastCheckInAt) : PLAN_STATUS_MSG.never}
            </TableCell>
            {PLAN_STATUS_CHECKS.map(([field, , label]) => (
              <TableCell key={field} data-label={label} className="px-2 whitespace-nowrap">
                <YesNo value={c[field]} />
              </TableCell>
            ))}
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
