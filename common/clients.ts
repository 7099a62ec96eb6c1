import { z } from "zod";
import { GUARD_MSG } from "./app.js";
import type { AssetType } from "./assets.js";
import type { DashboardView } from "./dashboard.js";

/** Client-management texts (spec 02 §2 Clients, §5, §6, §8), worded as the specification words them. */
export const CLIENT_MSG = {
  loadFailed: "Failed to load clients",
  loading: "Loading clients...",
  refreshed: "Client list refreshed",
  empty: "No clients found",
  fetchFailed: "Failed to fetch client data",
  noFirmId: "No firm ID found",
  noPermissionView: GUARD_MSG.viewClients,
  sampleNotice: "Sample data — could not load your clients",
  readOnlyNote:
    "Read-only view of the client's dashboard. Firm users never see the contents of a client's vault: no passwords, documents or notes.",
  dashboardLoadFailed: "This client's dashboard could not be loaded.",
  emptyVault: "No passwords, documents or notes yet.",
  badCursor: "This page link is no longer valid: open the client list from its first page.",
  noBeneficiaries: "No beneficiaries named yet.",
  // /clients/edit/{id}: the firm's own reference and notes about a client (docs/decisions/041).
  editTitle: "Edit Client",
  editDescription: (name: string) =>
    `Your firm's reference and notes for ${name}. Only your firm's admins and staff see them; ${name}'s own name, phone and address stay theirs to change.`,
  detailsSaved: "Client details updated successfully",
  detailsSaveFailed: "Failed to update client details",
  detailsLoadFailed: "Failed to load client details",
  referenceTooLong: "Please keep the reference under 50 characters",
  notesTooLong: "Please keep the notes under 5000 characters",
  noDetails: "No reference or notes yet.",
  /** The card on /clients/{id} with the firm's private Reference and Notes about the client. */
  firmNotesTitle: "Your firm's reference and notes on this client",
  firmNotesDescription: (name: string) =>
    `Private to your firm: only its admins, staff and assistants see them, ${name} does not.`,
} as const;

export const CLIENTS_PAGE_SIZE = 10;
/** A page cursor's longest form: two sort keys (names of up to 200 characters), two ids, a page. */
export const CLIENT_CURSOR_MAX = 4096;
/** 'View as Client' (issue 3) lists at most this many beneficiaries by name; the count covers all of them. */
export const CLIENT_DASHBOARD_BENEFICIARIES = 50;

/** /clients list query: server-side search, sort and paging (spec 02 §2 Clients). */
export const clientListQuerySchema = z.object({
  search: z.string().trim().max(200).optional().default(""),
  sort: z.enum(["name", "joined"]).default("joined"),
  dir: z.enum(["asc", "desc"]).default("desc"),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  /** The `cursor` of the page on screen: the next page (or a near one) is read from there (decision 033). */
  cursor: z.string().max(CLIENT_CURSOR_MAX).optional(),
});
export type ClientListQuery = z.infer<typeof clientListQuerySchema>;

/** The firm's own fields of a client (/clients/edit/{id}): at most this long. */
export const CLIENT_REFERENCE_MAX = 50;
export const CLIENT_NOTES_MAX = 5000;

/** PUT /api/clients/:id/firm-details: the firm's reference and notes; blank clears a field. */
export const updateClientFirmDetailsSchema = z.object({
  reference: z
    .string()
    .trim()
    .max(CLIENT_REFERENCE_MAX, CLIENT_MSG.referenceTooLong)
    .nullish()
    .transform((s) => (s ? s : null)),
  notes: z
    .string()
    .trim()
    .max(CLIENT_NOTES_MAX, CLIENT_MSG.notesTooLong)
    .nullish()
    .transform((s) => (s ? s : null)),
});
export type UpdateClientFirmDetailsInput = z.input<typeof updateClientFirmDetailsSchema>;

/** What the firm keeps about a client: never shown to the client. `updatedAt` is null until first saved. */
export type ClientFirmDetailsView = {
  reference: string | null;
  notes: string | null;
  updatedAt: string | null;
};

/** GET and PUT /api/clients/:id/firm-details: the client (for the screen's heading) and the firm's fields. */
export type ClientFirmDetailsAnswer = {
  client: { id: string; name: string; email: string };
  details: ClientFirmDetailsView;
};

/** A client as the firm's list shows it. */
export type ClientRowView = { id: string; name: string; email: string; createdAt: string };

/** GET /api/clients: one page of the firm's clients. */
export type ClientListView = {
  clients: ClientRowView[];
  total: number;
  isTotalCapped: boolean;
  page: number;
  pageSize: number;
  /**
   * Where this page stands (its number and its first and last rows), opaque to the browser: sent back
   * as `cursor` with another page's number, the server reads that page from here instead of
   * counting rows from the start. Null for an empty page.
   */
  cursor: string | null;
};

/** A client's profile as the firm sees it: contact details only, never vault content. */
export type ClientProfileView = {
  id: string;
  name: string;
  email: string;
  phone: string | null;
  address: string | null;
  createdAt: string;
};

/** A client's recent item as the firm sees it: its type and when it changed, never its title (docs/decisions/080). */
export type ClientRecentAssetView = { id: string; type: AssetType; updatedAt: string };

/**
 * GET /api/clients/:id/dashboard ('View as Client', issue 3): the client's own dashboard summary with their
 * firm and their beneficiaries' names. Types, dates and names only: no title, no password,
 * document or note content (docs/decisions/080).
 */
export type ClientDashboardView = Omit<DashboardView, "recent"> & {
  recent: ClientRecentAssetView[];
  client: { id: string; name: string; email: string };
  firmName: string | null;
  beneficiaryNames: { name: string }[];
};
