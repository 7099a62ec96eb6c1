import { FIRM_EDIT_MSG } from "@common/firms";
import { useEffect, type ReactNode } from "react";
import { PageHeader } from "@/components/page-header";
import { useMe } from "@/lib/me";
import { toast } from "@/lib/toast";
import { useFirm } from "../api/get-firm";
import { FirmCard } from "./firm-card";

type Props = {
  /** The staff management card, beside the firm card. */
  staffCard: ReactNode;
  /** The recent clients, below both. */
  recentClients: ReactNode;
};

/**
 * Firm Overview, the firm_admin's dashboard (spec 02 §2 Dashboard): firm card, staff management
 * and recent clients. It carries the page's h1: render it as the whole /dashboard for firm_admin.
 */
export default function FirmOverview({ staffCard, recentClients }: Props) {
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
        {staffCard}
      </div>
      {recentClients}
    </div>
  );
}
