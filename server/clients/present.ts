import type {
  ClientDashboardView,
  ClientFirmDetailsAnswer,
  ClientProfileView,
  ClientRowView,
} from "../../common/clients.js";
import { presentDashboardNumbers } from "../dashboard/present.js";
import type { profiles } from "../db/schema/index.js";

export const presentClientRow = (r: {
  id: string;
  name: string;
  email: string;
  createdAt: Date;
}): ClientRowView => ({
  id: r.id,
  name: r.name,
  email: r.email,
  createdAt: r.createdAt.toISOString(),
});

/** A client's profile as firm users see it: no vault content, ever. */
export const presentClientProfile = (p: typeof profiles.$inferSelect): ClientProfileView => ({
  id: p.id,
  name: p.name,
  email: p.email,
  phone: p.phone,
  address: p.address,
  createdAt: p.createdAt.toISOString(),
});

type ClientDashboard = Parameters<typeof presentDashboardNumbers>[0] & {
  client: { id: string; name: string; email: string };
  firmName: string | null;
  beneficiaryNames: { name: string }[];
};

/**
 * 'View as Client': the owner's dashboard shape (counts, recent items by type and date, the number
 * of beneficiaries) with the client, their firm and their beneficiaries' names. No title
 * (docs/decisions/080), key, ciphertext, file or beneficiary contact detail.
 */
export const presentClientDashboard = (d: ClientDashboard): ClientDashboardView => ({
  client: { id: d.client.id, name: d.client.name, email: d.client.email },
  firmName: d.firmName,
  ...presentDashboardNumbers(d),
  beneficiaryNames: d.beneficiaryNames.map((b) => ({ name: b.name })),
});

/** The firm's reference and notes with the client they are about (name and e-mail only). */
export const presentClientFirmDetails = (d: {
  client: { id: string; name: string; email: string };
  details: { reference: string | null; notes: string | null; updatedAt: Date } | null;
}): ClientFirmDetailsAnswer => ({
  client: { id: d.client.id, name: d.client.name, email: d.client.email },
  details: {
    reference: d.details?.reference ?? null,
    notes: d.details?.notes ?? null,
    updatedAt: d.details?.updatedAt.toISOString() ?? null,
  },
});
