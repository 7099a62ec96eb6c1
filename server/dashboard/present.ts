import type { AssetType } from "../../common/assets.js";
import type { ClientViewDashboardRow, DashboardRow } from "./queries.js";
import type { ActivityEvent } from "../../common/activity.js";
import type { DashboardView, FirmOverviewView } from "../../common/dashboard.js";

const countOf = (d: ClientViewDashboardRow, type: AssetType) =>
  d.counts.find((c) => c.type === type)?.n ?? 0;

/** PostgreSQL's JSON text of a timestamptz, as toISOString writes it. */
const isoOf = (updatedAt: string) => new Date(updatedAt).toISOString();

/** The counts by type, the recent items by type and date, the number of beneficiaries: what a firm's View as Client shows too. */
export const presentDashboardNumbers = (d: ClientViewDashboardRow) => ({
  counts: {
    password: countOf(d, "password"),
    document: countOf(d, "document"),
    note: countOf(d, "note"),
    estate: countOf(d, "estate"),
    message: countOf(d, "message"),
    wishes: countOf(d, "wishes"),
  },
  recent: d.recent.map((a) => ({ id: a.id, type: a.type, updatedAt: isoOf(a.updatedAt) })),
  beneficiaries: d.beneficiaries,
});

/** The owner's dashboard: each recent item with its title, clear or sealed, and the key that opens it. */
export const presentDashboard = (d: DashboardRow): DashboardView => ({
  ...presentDashboardNumbers(d),
  recent: d.recent.map((a) => ({
    id: a.id,
    type: a.type,
    title: a.title,
    encryptedTitle: a.encryptedTitle,
    wrappedKey: a.wrappedKey,
    updatedAt: isoOf(a.updatedAt),
  })),
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
