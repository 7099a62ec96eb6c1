import { STAFF_MSG, type StaffMemberView } from "@common/staff";
import { UserMinus } from "lucide-react";
import { useRef, useState } from "react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from "@/components/ui/table";
import { CARDS_BELOW_SM } from "@/components/table-cards";
import { TruncatedText } from "@/components/truncated-text";
import { formatDate } from "@/lib/format";
import { ROLE_LABEL } from "../role-labels";
import { EditRoleDialog } from "./edit-role-dialog";
import { RemoveStaffDialog } from "./remove-staff-dialog";

/**
 * Name, Email, Role, Since and Actions; the signed-in admin's own row has no actions. Below 640 px
 * each row is a card. Removing a member asks first (RemoveStaffDialog).
 */
export function StaffTable({
  staff,
  currentUserId,
  onRemoved,
}: {
  staff: StaffMemberView[];
  currentUserId: string;
  /** After a removal: the row is gone, focus goes elsewhere. */
  onRemoved?: () => void;
}) {
  const [target, setTarget] = useState<StaffMemberView | null>(null);
  const opener = useRef<HTMLElement | null>(null);
  const isRemoved = useRef(false);
  const onCloseAutoFocus = (event: Event) => {
    event.preventDefault();
    if (isRemoved.current) onRemoved?.();
    else opener.current?.focus();
    isRemoved.current = false;
  };

  if (staff.length === 0)
    return <p className="py-10 text-center text-muted-foreground">{STAFF_MSG.empty}</p>;
  return (
    <>
      <Table className={CARDS_BELOW_SM}>
        <TableHeader>
          <TableRow>
            <TableHead scope="col">Name</TableHead>
            <TableHead scope="col">Email</TableHead>
            <TableHead scope="col">Role</TableHead>
            <TableHead scope="col">Since</TableHead>
            <TableHead scope="col" className="text-right">
              Actions
            </TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {staff.map((m) => {
            const isSelf = m.id === currentUserId;
            return (
              <TableRow key={m.id}>
                <TableCell className="font-medium">
                  {m.name}
                  {isSelf && (
                    <span className="ml-2 text-xs font-normal text-muted-foreground">(you)</span>
                  )}
                </TableCell>
                <TableCell data-label="Email">
                  <TruncatedText
                    text={m.email}
                    href={`mailto:${m.email}`}
                    className="text-link underline-offset-4 hover:underline"
                  />
                </TableCell>
                <TableCell data-label="Role">
                  <Badge variant={m.role === "firm_admin" ? "success" : "default"}>
                    {ROLE_LABEL[m.role]}
                  </Badge>
                </TableCell>
                <TableCell data-label="Since" className="whitespace-nowrap">
                  {formatDate(m.createdAt)}
                </TableCell>
                <TableCell className="text-right whitespace-nowrap">
                  {!isSelf && (
                    <div className="flex justify-end gap-1 max-sm:justify-start">
                      <EditRoleDialog member={m} />
                      <Button
                        variant="ghost"
                        size="icon"
                        onClick={(e) => {
                          opener.current = e.currentTarget;
                          setTarget(m);
                        }}
                        title={`Remove ${m.name} from the firm`}
                        className="text-destructive"
                      >
                        <UserMinus aria-hidden="true" />
                        <span className="sr-only">Remove {m.name} from the firm</span>
                      </Button>
                    </div>
                  )}
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
      <RemoveStaffDialog
        member={target}
        onClose={(removed) => {
          isRemoved.current = removed;
          setTarget(null);
        }}
        onCloseAutoFocus={onCloseAutoFocus}
      />
    </>
  );
}
