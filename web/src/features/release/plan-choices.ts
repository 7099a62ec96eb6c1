import {
  INACTIVITY_MONTHS,
  REMINDER_DAYS,
  WAIT_DAYS,
  type InactivityMonths,
  type WaitDays,
} from "@common/release";
import { formatCount } from "@/lib/format";

/** The select's value of each inactivity choice ("off" for none, the trigger's default). */
export const INACTIVITY_OPTIONS: {
  value: string;
  months: InactivityMonths | null;
  label: string;
}[] = [
  { value: "off", months: null, label: "Off" },
  ...INACTIVITY_MONTHS.map((m) => ({
    value: String(m),
    months: m,
    label: formatCount(m, "month"),
  })),
];

export const WAIT_OPTIONS: { value: string; days: WaitDays; label: string }[] = WAIT_DAYS.map(
  (d) => ({
    value: String(d),
    days: d,
    label: formatCount(d, "day"),
  }),
);

/** "30, 7 and 1 day" */
export const REMINDERS_TEXT = `${REMINDER_DAYS.slice(0, -1)
  .map((d) => formatCount(d))
  .join(", ")} and ${formatCount(REMINDER_DAYS.at(-1) ?? 0, "day")}`;
