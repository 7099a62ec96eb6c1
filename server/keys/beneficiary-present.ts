import type {
  BeneficiaryKeyView,
  BeneficiaryKeysView,
  PendingItemView,
} from "../../common/keys.js";
import type { KeyViewRow } from "./beneficiary-queries.js";

/** A key as its owner's browser needs it: their wrapped copies, never the server's share or the escrowed access key. */
export const presentBeneficiaryKey = (k: KeyViewRow): BeneficiaryKeyView => ({
  id: k.id,
  email: k.email,
  ownerWrappedKey: k.ownerWrappedKey.toString("base64"),
  ownerWrappedAccessKey: k.ownerWrappedAccessKey.toString("base64"),
  escrow: k.isEscrowed,
  handedOverAt: k.handedOverAt ? k.handedOverAt.toISOString() : null,
  createdAt: k.createdAt.toISOString(),
  itemCount: k.itemCount,
});

export const presentPendingItem = (p: {
  assetId: string;
  beneficiaryEmail: string;
  wrappedKey: Buffer;
  isNamedBeforeKeys: boolean;
}): PendingItemView => ({
  assetId: p.assetId,
  beneficiaryEmail: p.beneficiaryEmail,
  wrappedKey: p.wrappedKey.toString("base64"),
  fromBeforeKeys: p.isNamedBeforeKeys,
});

export const presentBeneficiaryKeys = (v: {
  keys: KeyViewRow[];
  pending: Parameters<typeof presentPendingItem>[0][];
}): BeneficiaryKeysView => ({
  keys: v.keys.map(presentBeneficiaryKey),
  pending: v.pending.map(presentPendingItem),
});
