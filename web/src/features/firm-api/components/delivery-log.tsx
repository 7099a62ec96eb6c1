import { WEBHOOK_EVENT_LABELS, type WebhookDeliveryView } from "@common/firm-api";
import { Badge } from "@/components/ui/badge";
import {
  Table,
  TableBody,
  TableCaption,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from "@/components/ui/table";
import { CARDS_BELOW_SM } from "@/components/table-cards";
import { formatDateTime } from "@/lib/format";

const STATUS = {
  delivered: { label: "Delivered", variant: "success" },
  pending: { label: "Retrying", variant: "default" },
  failed: { label: "Failed", variant: "default" },
} as const;

/** The latest deliveries: what was sent where, how it went, and when the next try is. */
export function DeliveryLog({ deliveries }: { deliveries: WebhookDeliveryView[] }) {
  if (deliveries.length === 0)
    return <p className="p-6 text-center text-muted-foreground">No deliveries yet.</p>;
  return (
    <Table className={CARDS_BELOW_SM}>
      <TableCaption className="sr-only">Webhook deliveries, newest first</TableCaption>
      <TableHeader>
        <TableRow>
          <TableHead>Event</TableHead>
          <TableHead>Status</TableHead>
          <TableHead>Tries</TableHead>
          <TableHead>Answer</TableHead>
          <TableHead>Sent to</TableHead>
          <TableHead>Queued</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {deliveries.map((d) => {
          const status = d.status === "pending" && d.attempts === 0 ? null : STATUS[d.status];
          return (
            <TableRow key={d.id}>
              <TableCell className="font-medium">{WEBHOOK_EVENT_LABELS[d.event]}</TableCell>
              <TableCell data-label="Status">
                <Badge variant={status?.variant ?? "default"}>{status?.label ?? "Queued"}</Badge>
              </TableCell>
              <TableCell data-label="Tries">{d.attempts}</TableCell>
              <TableCell data-label="Answer" className="wrap-anywhere">
                {d.lastError ?? (d.lastStatus ? String(d.lastStatus) : "—")}
              </TableCell>
              <TableCell data-label="Sent to" className="max-w-64 wrap-anywhere max-sm:max-w-none">
                {d.url}
              </TableCell>
              <TableCell data-label="Queued" className="whitespace-nowrap">
                {formatDateTime(d.createdAt)}
              </TableCell>
            </TableRow>
          );
        })}
      </TableBody>
    </Table>
  );
}
