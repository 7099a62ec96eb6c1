import { STAFF_MSG, type StaffMemberView } from "@common/staff";
import { UserMinus } from "lucide-react";
import { Button } from "@/components/ui/button";
import { errorMessage } from "@/lib/api-client";
import { toast } from "@/lib/toast";
import { useDeleteStaff } from "../api/delete-staff";

/** Removes the member from the firm after the browser's confirm (spec 02 §4). */
export function RemoveStaffButton({
  member,
  onRemoved,
}: {
  member: StaffMemberView;
  onRemoved?: () => void;
}) {
  const remove = useDeleteStaff();
  const onClick = () => {
    if (!window.confirm(STAFF_MSG.removeConfirm)) return;
    remove.mutate(member.id, {
      onSuccess: () => {
        toast.success(STAFF_MSG.removed);
        onRemoved?.();
      },
      onError: (err) => toast.error(errorMessage(err, STAFF_MSG.removeFailed)),
    });
  };
  return (
    <Button
      variant="ghost"
      size="icon"
      onClick={onClick}
      disabled={remove.isPending}
      title={`Remove ${member.name} from the firm`}
      className="text-destructive"
    >
      <UserMinus aria-hidden="true" />
      <span className="sr-only">Remove {member.name} from the firm</span>
    </Button>
  );
}
