import { STAFF_MSG, type StaffMemberView } from "@common/staff";
import { Badge } from "@/components/ui/badge";
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from "@/components/ui/table";
import { formatDate } from "@/lib/format-date";
import { cn } from "@/lib/utils";
import { ROLE_LABEL } from "../role-labels";
import { EditRoleDialog } from "./edit-role-dialog";
import { RemoveStaffButton } from "./remove-staff-button";

const EmailLink = ({ email, className }: { email: string; className?: string }) => (
  <a
    href={`mailto:${email}`}
    className={cn("text-link underline-offset-4 hover:underline", className)}
  >
    {email}
  </a>
);

/** Name, Email, Role, Since and Actions; the signed-in admin's own row has no actions. */
export function StaffTable({
  staff,
  currentUserId,
  onRemoved,
}: {
  staff: StaffMemberView[];
  currentUserId: string;
  onRemoved?: () => void;
}) {
  if (staff.length === 0)
    return <p className="py-10 text-center text-muted-foreground">{STAFF_MSG.empty}</p>;
  return (
    <Table>
      <TableHeader>
        <TableRow>
          <TableHead scope="col">Name</TableHead>
          <TableHead scope="col" className="hidden sm:table-cell">
            Email
          </TableHead>
          <TableHead scope="col">Role</TableHead>
          <TableHead scope="col" className="hidden sm:table-cell">
            Since
          </TableHead>
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
                {/* Narrow screens: the e-mail and the date under the name instead of their own columns. */}
                <span className="grid text-xs font-normal sm:hidden">
                  <EmailLink email={m.email} className="wrap-anywhere" />
                  <span className="text-foreground-soft">Since {formatDate(m.createdAt)}</span>
                </span>
              </TableCell>
              <TableCell className="hidden sm:table-cell">
                <EmailLink email={m.email} />
              </TableCell>
              <TableCell>
                <Badge variant={m.role === "firm_admin" ? "success" : "default"}>
                  {ROLE_LABEL[m.role]}
                </Badge>
              </TableCell>
              <TableCell className="hidden whitespace-nowrap sm:table-cell">
                {formatDate(m.createdAt)}
              </TableCell>
              <TableCell className="text-right whitespace-nowrap">
                {!isSelf && (
                  <div className="flex justify-end gap-1">
                    <EditRoleDialog member={m} />
                    <RemoveStaffButton member={m} onRemoved={onRemoved} />
                  </div>
                )}
              </TableCell>
            </TableRow>
          );
        })}
      </TableBody>
    </Table>
  );
}
