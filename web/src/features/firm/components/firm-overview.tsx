import { FIRM_EDIT_MSG } from "@common/firm-messages";
import { useEffect } from "react";
import { PageHeader } from "@/components/page-header";
import { useMe } from "@/lib/me";
import { RecentClientsCard } from "@/features/clients/components/recent-clients-card";
import { useFirm } from "@/features/firm/api/get-firm";
import { FirmCard } from "@/features/firm/components/firm-card";
import { StaffManagementCard } from "@/features/staff/components/staff-management-card";
import { toast } from "@/lib/toast";

/**
 * Firm Overview, the firm_admin's dashboard (spec 02 §2 Dashboard): firm card, staff management
 * and recent clients. It carries the page's h1: render it as the whole /dashboard for firm_admin.
 */
export default function FirmOverview() {
  const { data: me } = useMe();
  const firm = useFirm();
  useEffect(() => {
    if (firm.isError) toast.error(FIRM_EDIT_MSG.fetchFailed, { id: "firm-fetch" });
  }, [firm.isError]);
  return (
    <div className="grid gap-6">
      <PageHeader title="Firm Overview" description={me ? `Welcome, ${me.name}` : undefined} />
      <div className="grid items-start gap-6 md:grid-cols-2">
        <FirmCard />
        <StaffManagementCard />
      </div>
      <RecentClientsCard />
    </div>
  );
}
