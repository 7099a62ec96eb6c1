import { useMe } from "@/lib/me";
import { AssetDashboard } from "@/features/dashboard/components/asset-dashboard";
import { AdminNumbers, StaffOverview } from "@/features/dashboard/components/staff-overview";
import { RecentClientsCard } from "@/features/clients/components/recent-clients-card";
import FirmOverview from "@/features/firms/components/firm-overview";
import { StaffManagementCard } from "@/features/staff/components/staff-management-card";
import { PlanHealthLine } from "@/features/plan-health/components/plan-health-line";
import { ReportBanner } from "@/features/verifier-reports/components/report-banner";

/**
 * /dashboard: the Firm Overview for firm_admin (spec 02 §2 Dashboard) and, with what their role
 * may see, for firm_staff and read-only assistants (issue 16, point 8; decision 084); the asset
 * dashboard for everyone else.
 */
export default function DashboardScreen() {
  const { data: me } = useMe();
  if (!me) return null; // RequireAuth renders this screen only with a user
  if (me.role === "firm_admin")
    return (
      <FirmOverview
        numbers={<AdminNumbers />}
        staffCard={<StaffManagementCard />}
        recentClients={<RecentClientsCard />}
      />
    );
  if (me.role === "firm_staff" || me.role === "firm_assistant")
    return <StaffOverview name={me.name} recentClients={<RecentClientsCard />} />;
  return (
    <div className="grid gap-6">
      <ReportBanner />
      <AssetDashboard holder={me} notice={<PlanHealthLine />} />
    </div>
  );
}
