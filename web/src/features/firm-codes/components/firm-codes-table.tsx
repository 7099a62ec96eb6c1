import type { FirmCodeView } from "@common/firm-codes";
import { useId, useRef, useState } from "react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
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
import { formatDate } from "@/lib/format";
import { CopyCodeButton } from "@/components/copy-code-button";
import { DeactivateCodeDialog } from "./deactivate-code-dialog";

/** Codes chosen before decision 018 were stored padded with spaces to 6 characters: shown and copied without them. */
const shown = (code: FirmCodeView) => code.code.trimEnd();

const StatusBadge = ({ isActive }: { isActive: boolean }) => (
  <Badge variant={isActive ? "success" : "default"}>{isActive ? "Active" : "Inactive"}</Badge>
);

/**
 * The firm's codes. Below 640 px each row is a card, so the table fits a 360 px screen without
 * scrolling sideways.
 */
export function FirmCodesTable({ codes }: { codes: FirmCodeView[] }) {
  const id = useId();
  const [target, setTarget] = useState<FirmCodeView | null>(null);
  const opener = useRef<HTMLElement | null>(null);
  const deactivatedId = useRef<string | null>(null);
  const copyButtonId = (codeId: string) => `${id}-copy-${codeId}`;

  // The Deactivate button goes away with the code's active state: focus then moves to its copy button.
  const onCloseAutoFocus = (event: Event) => {
    event.preventDefault();
    const deactivated = deactivatedId.current;
    deactivatedId.current = null;
    const next = deactivated ? document.getElementById(copyButtonId(deactivated)) : opener.current;
    next?.focus();
  };

  return (
    <>
      <Table className={CARDS_BELOW_SM}>
        <TableCaption className="sr-only">Firm codes, newest first</TableCaption>
        <TableHeader>
          <TableRow>
            <TableHead>Code</TableHead>
            <TableHead>Description</TableHead>
            <TableHead>Status</TableHead>
            <TableHead>Created</TableHead>
            <TableHead className="text-right">Actions</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {codes.map((code) => (
            <TableRow key={code.id}>
              <TableCell>
                <span className="font-mono text-base font-semibold tracking-wider">
                  {shown(code)}
                </span>
              </TableCell>
              <TableCell
                data-label="Description"
                className="max-w-64 wrap-break-word text-foreground-soft max-sm:max-w-none"
              >
                {code.description || "N/A"}
              </TableCell>
              <TableCell data-label="Status">
                <StatusBadge isActive={code.isActive} />
              </TableCell>
              <TableCell data-label="Created" className="whitespace-nowrap">
                {formatDate(code.createdAt)}
              </TableCell>
              <TableCell>
                <div className="flex items-center justify-end gap-1 max-sm:justify-start">
                  <CopyCodeButton id={copyButtonId(code.id)} code={shown(code)} />
                  {code.isActive && (
                    <Button
                      variant="outline"
                      size="sm"
                      onClick={(e) => {
                        opener.current = e.currentTarget;
                        setTarget(code);
                      }}
                    >
                      Deactivate<span className="sr-only"> code {shown(code)}</span>
                    </Button>
                  )}
                </div>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      <DeactivateCodeDialog
        code={target}
        onClose={(isDeactivated) => {
          if (isDeactivated && target) deactivatedId.current = target.id;
          setTarget(null);
        }}
        onCloseAutoFocus={onCloseAutoFocus}
      />
    </>
  );
}
