import type { AssetType } from "../../common/assets.js";
import type { DashboardRow } from "./queries.js";
import type { ActivityEvent } from "../../common/activity.js";
import type { DashboardView, FirmOverviewView } from "../../common/dashboard.js";

type Dashboard = DashboardRow;

const countOf = (d: Dashboard, type: AssetType) => d.counts.find((c) => c.type === type)?.n ?? 0;

export const presentDashboard = (d: Dashboard): DashboardView => ({
  counts: {
    password: countOf(d, "password"),
    document: countOf(d, "document"),
    note: countOf(d, "note"),
  },
  recent: d.recent.map((a) => ({
    id: a.id,
    type: a.type,
    title: a.title,
    updatedAt: new Date(a.updatedAt).toISOString(), // PostgreSQL's JSON text of a timestamptz
  })),
  beneficiaries: d.beneficiaries,
});

type FirmOverview = {
  clients: number;
  pendingInvitations: number;
  staff: number | undefined;
  activeCodes: number | undefined;
  myActions: ActivityEvent[];
};

/** Only the numbers the caller may see: an absent number is left out, never sent as null. */
export const presentFirmOverview = (o: FirmOverview): FirmOverviewView => ({
  clients: o.clients,
  pendingInvitations: o.pendingInvitations,
  ...(o.staff === undefined ? {} : { staff: o.staff }),
  ...(o.activeCodes === undefined ? {} : { activeCodes: o.activeCodes }),
  myActions: o.myActions,
});
