import { describeDelivery, type MessageScheduleListView } from "@common/messages";
import { Mail } from "lucide-react";
import { Link } from "react-router";
import { linkLook } from "@/components/looks";
import { formatDate } from "@/lib/format";
import type { OpenedAssetView } from "../../titles/open-titles";

type Schedule = MessageScheduleListView["schedules"][number];

/**
 * Where a message stands: not set, waiting for the release, its day or its milestone's
 * confirmation, confirmed, or delivered.
 */
export function deliveryStatus(schedule: Schedule | undefined): string {
  if (!schedule) return "Delivery not set yet";
  if (schedule.deliveredAt) return `Delivered ${formatDate(schedule.deliveredAt)}`;
  if (schedule.confirmedAt)
    return `${describeDelivery(schedule.delivery)}: confirmed ${formatDate(schedule.confirmedAt)}`;
  if (schedule.dueAt) return `To be delivered ${formatDate(schedule.dueAt)}`;
  return describeDelivery(schedule.delivery);
}

/** The owner's messages: title, to whom, and when each is delivered. */
export function MessageList({
  messages,
  schedules,
}: {
  messages: OpenedAssetView[];
  schedules: Schedule[];
}) {
  const byId = new Map(schedules.map((s) => [s.assetId, s]));
  return (
    <ul className="grid gap-3">
      {messages.map((m) => (
        <li key={m.id} className="flex items-start gap-3 rounded-md border border-border p-3">
          <Mail aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-muted-foreground" />
          <div className="grid min-w-0 gap-0.5">
            <Link to={`/messages/${m.id}`} className={`${linkLook} font-medium wrap-anywhere`}>
              {m.title}
            </Link>
            <span className="text-sm text-foreground-soft wrap-anywhere">
              For {m.beneficiaryEmails.length ? m.beneficiaryEmails.join(", ") : "nobody yet"}
            </span>
            <span className="text-sm text-muted-foreground">{deliveryStatus(byId.get(m.id))}</span>
          </div>
        </li>
      ))}
    </ul>
  );
}
