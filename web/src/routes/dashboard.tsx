import { useMe } from "@/lib/me";
import { AssetDashboard } from "@/features/dashboard/components/asset-dashboard";
import { RecentClientsCard } from "@/features/clients/components/recent-clients-card";
import FirmOverview from "@/features/firms/components/firm-overview";
import { StaffManagementCard } from "@/features/staff/components/staff-management-card";

/** /dashboard: the Firm Overview for firm_admin, the asset dashboard for everyone else (spec 02 §2 Dashboard). */
export default function DashboardScreen() {
  const { data: me } = useMe();
  if (!me) return null; // RequireAuth renders this screen only with a user
  if (me.role === "firm_admin")
    return (
      <FirmOverview staffCard={<StaffManagementCard />} recentClients={<RecentClientsCard />} />
    );
  return <AssetDashboard holder={me} />;
}
