import { DELIVERY_DELAY_DAYS, type DeliveryDelayDays } from "@common/deliveries";
import type { ComponentProps } from "react";
import { NativeSelect } from "@/components/ui/native-select";

/** The delay's words under the choice, on a saved item's page and in a new item's form. */
export const DELAY_HINT =
  "Before that day your beneficiaries cannot see or open this item, nor its title. We e-mail them on the day.";

/**
 * "At release / 7 / 30 / 90 days after the release" (decision 096), inside a FormField (which
 * gives it its id and description: passed on to the select).
 */
export function DelaySelect({
  value,
  onChange,
  ...control
}: Omit<ComponentProps<typeof NativeSelect>, "value" | "onChange"> & {
  value: DeliveryDelayDays;
  onChange: (delayDays: DeliveryDelayDays) => void;
}) {
  return (
    <NativeSelect
      {...control}
      value={String(value)}
      onChange={(e) => onChange(DELIVERY_DELAY_DAYS.find((d) => String(d) === e.target.value) ?? 0)}
    >
      {DELIVERY_DELAY_DAYS.map((d) => (
        <option key={d} value={d}>
          {d === 0 ? "At release" : `${d} days after the release`}
        </option>
      ))}
    </NativeSelect>
  );
}
