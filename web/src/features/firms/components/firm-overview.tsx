import type { ReactNode } from "react";
import { PageHeader } from "@/components/page-header";
import { useMe } from "@/lib/me";
import { FirmCard } from "./firm-card";

type Props = {
  /** The firm's numbers, above the cards. */
  numbers: ReactNode;
  /** The staff management card, beside the firm card (a third of the row, as tall). */
  staffCard: ReactNode;
  /** The recent clients, below both. */
  recentClients: ReactNode;
};

/**
 * Firm Overview, the firm_admin's dashboard (spec 02 §2 Dashboard): the firm's numbers (issue 16),
 * firm card, staff management and recent clients. It carries the page's h1: render it as the whole /dashboard for firm_admin.
 */
export default function FirmOverview({ numbers, staffCard, recentClients }: Props) {
  const { data: me } = useMe();
  return (
    <div className="grid gap-6">
      <PageHeader title="Firm Overview" description={me ? `Welcome, ${me.name}` : undefined} />
      {numbers}
      {/* One row on wide screens, the two cards of one height: no empty cell beside either. */}
      <div className="grid gap-6 lg:grid-cols-3">
        <div className="grid lg:col-span-2">
          <FirmCard />
        </div>
        <div className="grid">{staffCard}</div>
      </div>
      {recentClients}
    </div>
  );
}
