import { Progress } from "@/components/ui/progress";
import { formatPercent } from "@/lib/format";

export type Transfer = { label: string; fraction: number | null };

/**
 * A file transfer's progress bar (role="progressbar" with aria-valuenow) and, for screen readers,
 * a polite live region that is always mounted and speaks each phase and every quarter of the way.
 */
export function TransferProgress({ transfer }: { transfer: Transfer | null }) {
  const percent = transfer?.fraction == null ? null : Math.round(transfer.fraction * 100);
  const spoken = transfer
    ? `${transfer.label}${percent == null ? "" : ` ${formatPercent(Math.floor(percent / 25) / 4)}`}`
    : "";
  return (
    <div className="grid gap-1">
      {transfer && (
        <>
          <div
            className="flex justify-between gap-2 text-sm text-foreground-soft"
            aria-hidden="true"
          >
            <span>{transfer.label}</span>
            {percent != null && (
              <span className="tabular-nums">{formatPercent(percent / 100)}</span>
            )}
          </div>
          <Progress value={percent} aria-label={transfer.label} />
        </>
      )}
      <p role="status" className="sr-only">
        {spoken}
      </p>
    </div>
  );
}
