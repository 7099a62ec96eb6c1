import { FIRM_OVERVIEW_MSG as MSG } from "@common/dashboard";
import { UserPlus, Users } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { PageHeader } from "@/components/page-header";
import { Button } from "@/components/ui/button";
import { useEditsClients } from "@/lib/me";
import { useFirmOverview } from "../api/get-firm-overview";
import { FirmNumbers } from "./firm-numbers";
import { RecentActionsCard } from "./recent-actions-card";

/**
 * Firm Overview for firm_staff and read-only assistants (issue 16, point 8; decision 084): the
 * sidebar's "Firm Overview" is theirs too (an assistant has no "Invite Client").
 * The numbers staff may see, the firm's recent clients and their own recent actions; no firm
 * details, staff or codes (an admin's). It carries the page's h1.
 */
export function StaffOverview({ name, recentClients }: { name: string; recentClients: ReactNode }) {
  const overview = useFirmOverview();
  const editsClients = useEditsClients();
  return (
    <div className="grid gap-6">
      <PageHeader
        title={MSG.title}
        description={`Welcome, ${name}`}
        actions={
          <>
            <Button asChild variant="outline">
              <Link to="/clients">
                <Users aria-hidden="true" /> Client Management
              </Link>
            </Button>
            {editsClients && (
              <Button asChild>
                <Link to="/clients/invite">
                  <UserPlus aria-hidden="true" /> Invite Client
                </Link>
              </Button>
            )}
          </>
        }
      />
      <FirmNumbers overview={overview} />
      {recentClients}
      {overview.data && <RecentActionsCard actions={overview.data.myActions} />}
    </div>
  );
}

/** The admin's numbers, for the Firm Overview's `numbers` slot. */
export function AdminNumbers() {
  return <FirmNumbers overview={useFirmOverview()} />;
}
