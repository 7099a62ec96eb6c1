import type { CareItem, CareItemDetail, CareView } from "../../common/incapacity.js";
import type { IncapacityScopeView } from "../../common/incapacity.js";
import type { CareRow, ScopeRow } from "./queries.js";

/** Row -> response shapes of the incapacity scope (docs/decisions/093): never a row as-is. */

export const presentScope = (s: ScopeRow | null): IncapacityScopeView | null =>
  s && {
    id: s.id,
    status: s.status,
    reporterName: s.reporterName,
    startedAt: s.startedAt.toISOString(),
    opensAt: s.opensAt.toISOString(),
    endsAt: s.endsAt?.toISOString() ?? null,
    endedAt: s.endedAt?.toISOString() ?? null,
    endedVia: s.endedVia ?? null,
  };

/** A marked item with the caregiver's own key parts: the server's share unsealed (the access key only if escrowed). */
export const presentCareItem = (
  r: CareRow,
  shares: { serverShare: Buffer; escrowShare: Buffer | null },
): CareItem => ({
  id: r.id,
  type: r.type,
  title: r.title,
  encryptedTitle: r.encryptedTitle?.toString("base64") ?? null,
  key: {
    kind: "beneficiary-key",
    beneficiaryKeyId: r.beneficiaryKeyId,
    serverShare: shares.serverShare.toString("base64"),
    escrowShare: shares.escrowShare?.toString("base64") ?? null,
    wrappedKey: r.wrappedKey.toString("base64"),
  },
});

export function presentCare(email: string, items: { row: CareRow; item: CareItem }[]): CareView {
  const owners = new Map<string, CareView["owners"][number]>();
  for (const { row, item } of items) {
    const key = row.scopeId;
    const entry = owners.get(key) ?? {
      ownerName: row.ownerName,
      endsAt: row.endsAt?.toISOString() ?? "",
      items: [],
    };
    entry.items.push(item);
    owners.set(key, entry);
  }
  return { email, owners: [...owners.values()] };
}

export const presentCareItemDetail = (
  row: CareRow,
  item: CareItem,
  encryptedData: Buffer,
): CareItemDetail => ({
  ...item,
  ownerName: row.ownerName,
  endsAt: row.endsAt?.toISOString() ?? "",
  encryptedData: encryptedData.toString("base64"),
});
