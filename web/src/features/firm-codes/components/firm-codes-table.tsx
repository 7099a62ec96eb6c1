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
import { formatDate } from "@/lib/format-date";
import { CopyCodeButton } from "./copy-code-button";
import { DeactivateCodeDialog } from "./deactivate-code-dialog";

/** Codes chosen before decision 018 were stored padded with spaces to 6 characters: shown and copied without them. */
const shown = (code: FirmCodeView) => code.code.trimEnd();

const StatusBadge = ({ isActive }: { isActive: boolean }) => (
  <Badge variant={isActive ? "success" : "default"}>{isActive ? "Active" : "Inactive"}</Badge>
);

/**
 * The firm's codes. Below 640 px the Description, Status and Created columns fold into the
 * Code cell, so the table fits a 360 px screen without scrolling sideways.
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
      <Table>
        <TableCaption className="sr-only">Firm codes, newest first</TableCaption>
        <TableHeader>
          <TableRow>
            <TableHead>Code</TableHead>
            <TableHead className="hidden sm:table-cell">Description</TableHead>
            <TableHead className="hidden sm:table-cell">Status</TableHead>
            <TableHead className="hidden sm:table-cell">Created</TableHead>
            <TableHead className="text-right">Actions</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {codes.map((code) => (
            <TableRow key={code.id}>
              <TableCell>
                <span className="flex flex-wrap items-center gap-2">
                  <span className="font-mono text-base font-semibold tracking-wider">
                    {shown(code)}
                  </span>
                  <span className="sm:hidden">
                    <StatusBadge isActive={code.isActive} />
                  </span>
                </span>
                <span className="mt-1 grid gap-0.5 text-xs text-muted-foreground sm:hidden">
                  <span className="wrap-break-word">{code.description || "N/A"}</span>
                  <span>
                    Created <span className="whitespace-nowrap">{formatDate(code.createdAt)}</span>
                  </span>
                </span>
              </TableCell>
              <TableCell className="hidden max-w-64 wrap-break-word text-foreground-soft sm:table-cell">
                {code.description || "N/A"}
              </TableCell>
              <TableCell className="hidden sm:table-cell">
                <StatusBadge isActive={code.isActive} />
              </TableCell>
              <TableCell className="hidden whitespace-nowrap sm:table-cell">
                {formatDate(code.createdAt)}
              </TableCell>
              <TableCell>
                <div className="flex items-center justify-end gap-1">
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
