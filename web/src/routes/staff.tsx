import { STAFF_MSG } from "@common/staff";
import { UserPlus } from "lucide-react";
import { useRef } from "react";
import { Link } from "react-router";
import { PageHeader } from "@/components/page-header";
import { LoadError } from "@/components/load-error";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Loading } from "@/components/loading";
import { useMe } from "@/lib/me";
import { PendingInvitations } from "@/features/invitations/components/pending-invitations";
import { useStaff } from "@/features/staff/api/list-staff";
import { StaffTable } from "@/features/staff/components/staff-table";
import { useFirmRequired } from "@/features/staff/use-firm-required";
import { errorMessage } from "@/lib/api-client";

/** /staff (firm_admin): the firm's admins and staff, with role changes and removal; then the pending invitations. */
export default function StaffScreen() {
  const { data: me } = useMe();
  const hasFirm = useFirmRequired(STAFF_MSG.notAssociated);
  const staff = useStaff(hasFirm);
  const titleRef = useRef<HTMLHeadingElement>(null);
  const loadError = staff.isError ? errorMessage(staff.error, STAFF_MSG.loadFailed) : undefined;

  if (!me || !hasFirm) return null;
  return (
    <div className="grid gap-6">
      <PageHeader
        title="Staff Management"
        description={
          me.firmName
            ? `The administrators and staff of ${me.firmName}.`
            : "Your firm's administrators and staff."
        }
        back={{ to: "/dashboard", label: "Back to dashboard" }}
        titleRef={titleRef}
        actions={
          <Button asChild>
            <Link to="/staff/invite">
              <UserPlus aria-hidden="true" /> Invite Staff Member
            </Link>
          </Button>
        }
      />
      <Card className="min-w-0 p-2 sm:p-4">
        {staff.isPending && !loadError ? (
          <Loading variant="list" />
        ) : loadError ? (
          <LoadError onRetry={() => void staff.refetch()}>{loadError}</LoadError>
        ) : (
          <StaffTable
            staff={staff.data ?? []}
            currentUserId={me.id}
            onRemoved={() => titleRef.current?.focus()}
          />
        )}
      </Card>
      <PendingInvitations />
    </div>
  );
}
