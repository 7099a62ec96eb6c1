import { STAFF_MSG, type StaffMemberView, type StaffRole } from "@common/staff";
import { Pencil } from "lucide-react";
import { useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { ChoiceField } from "@/components/ui/choice-field";
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from "@/components/ui/dialog";
import { errorMessage } from "@/lib/api-client";
import { toast } from "@/lib/toast";
import { useUpdateStaffRole } from "../api/update-staff-role";
import { STAFF_ROLE_CHOICES } from "../role-labels";

/** The row's edit-role button and its 'Edit Staff Role' dialog (focus moves in, and back to the button on close). */
export function EditRoleDialog({ member }: { member: StaffMemberView }) {
  const [isOpen, setIsOpen] = useState(false);
  const [role, setRole] = useState<StaffRole>(member.role);
  const update = useUpdateStaffRole();

  const onOpenChange = (open: boolean) => {
    if (update.isPending) return;
    if (open) setRole(member.role);
    setIsOpen(open);
  };
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    update.mutate(
      { id: member.id, role },
      {
        onSuccess: () => {
          toast.success(STAFF_MSG.roleUpdated(member.name));
          setIsOpen(false);
        },
        onError: (err) => toast.error(errorMessage(err, STAFF_MSG.roleUpdateFailed)),
      },
    );
  };

  return (
    <Dialog open={isOpen} onOpenChange={onOpenChange}>
      <DialogTrigger asChild>
        <Button variant="ghost" size="icon" title={`Edit role of ${member.name}`}>
          <Pencil aria-hidden="true" />
          <span className="sr-only">Edit role of {member.name}</span>
        </Button>
      </DialogTrigger>
      <DialogContent>
        <form onSubmit={onSubmit} className="grid gap-5">
          <DialogHeader>
            <DialogTitle>Edit Staff Role</DialogTitle>
            <DialogDescription>Choose what {member.name} can do in your firm.</DialogDescription>
          </DialogHeader>
          <ChoiceField
            label="Role"
            options={STAFF_ROLE_CHOICES}
            value={role}
            onChange={setRole}
            disabled={update.isPending}
          />
          <DialogFooter>
            <DialogClose asChild>
              <Button type="button" variant="outline" disabled={update.isPending}>
                Cancel
              </Button>
            </DialogClose>
            <Button type="submit" disabled={update.isPending}>
              {update.isPending ? "Updating..." : "Save Changes"}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
