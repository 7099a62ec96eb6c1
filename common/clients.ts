/** Client-management texts (spec 02 §2 Clients, §5, §6, §8), worded as the specification words them. */
export const CLIENT_MSG = {
  loadFailed: "Failed to load clients",
  loading: "Loading clients...",
  refreshed: "Client list refreshed",
  empty: "No clients found",
  fetchFailed: "Failed to fetch client data",
  noFirmId: "No firm ID found",
  noPermissionView: "You don't have permission to view client dashboards",
  sampleNotice: "Sample data — could not load your clients",
  readOnlyNote: "Read-only view of the client's dashboard. Firm users never see the contents of a client's vault: no passwords, documents or notes.",
  dashboardLoadFailed: "This client's dashboard could not be loaded.",
  emptyVault: "No passwords, documents or notes yet.",
  noBeneficiaries: "No beneficiaries named yet.",
} as const;

export const CLIENTS_PAGE_SIZE = 10;
/** 'View as Client' (issue 3) lists at most this many beneficiaries by name; the count covers all of them. */
export const CLIENT_DASHBOARD_BENEFICIARIES = 50;
