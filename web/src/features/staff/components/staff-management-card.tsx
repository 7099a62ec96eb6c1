import { UserPlus, Users } from "lucide-react";
import { Link } from "react-router";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader } from "@/components/ui/card";

/** The Firm Overview's Staff Management card: to /staff and to /clients/invite (its buttons at the foot when it is stretched beside the firm card). */
export function StaffManagementCard() {
  return (
    <Card className="flex flex-col">
      <CardHeader>
        <h2 className="text-lg font-semibold">Staff Management</h2>
        <CardDescription>
          Invite administrators, staff and clients, change roles and remove members of your firm.
        </CardDescription>
      </CardHeader>
      <CardContent className="mt-auto flex flex-wrap gap-2">
        <Button asChild>
          <Link to="/staff">
            <Users aria-hidden="true" /> Manage Staff
          </Link>
        </Button>
        <Button asChild variant="outline">
          <Link to="/clients/invite">
            <UserPlus aria-hidden="true" /> Invite a Member
          </Link>
        </Button>
      </CardContent>
    </Card>
  );
}
