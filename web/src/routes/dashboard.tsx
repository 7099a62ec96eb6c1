import { useMe } from "@/lib/me";
import { AssetDashboard } from "@/features/dashboard/components/asset-dashboard";
import FirmOverview from "@/features/firm/components/firm-overview";

/** /dashboard: the Firm Overview for firm_admin, the asset dashboard for everyone else (spec 02 §2 Dashboard). */
export default function DashboardScreen() {
  const { data: me } = useMe();
  if (!me) return null; // RequireAuth renders this screen only with a user
  if (me.role === "firm_admin") return <FirmOverview />;
  return <AssetDashboard holder={me} />;
}
