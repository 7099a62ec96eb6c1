import type { WishesChoiceView } from "../../common/assets/wishes.js";
import type { EarlyWishesItem } from "../../common/legacy.js";

export const presentWishesChoice = (row: {
  id: string;
  chosenAt: Date | null;
}): WishesChoiceView => ({
  id: row.id,
  opensAtReport: row.chosenAt !== null,
});

/** Final wishes a person may read now, with their own key parts: the server's share unsealed (the access key only if escrowed). */
export const presentEarlyWishes = (
  r: {
    id: string;
    ownerName: string;
    title: string | null;
    encryptedTitle: Buffer | null;
    confirmedAt: Date;
    beneficiaryKeyId: string;
    wrappedKey: Buffer | null;
  },
  shares: { serverShare: Buffer; escrowShare: Buffer | null },
): EarlyWishesItem => ({
  id: r.id,
  ownerName: r.ownerName,
  title: r.title,
  encryptedTitle: r.encryptedTitle?.toString("base64") ?? null,
  confirmedAt: r.confirmedAt.toISOString(),
  key: {
    kind: "beneficiary-key",
    beneficiaryKeyId: r.beneficiaryKeyId,
    serverShare: shares.serverShare.toString("base64"),
    escrowShare: shares.escrowShare?.toString("base64") ?? null,
    wrappedKey: r.wrappedKey?.toString("base64") ?? "",
  },
});
