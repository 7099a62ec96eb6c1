import type {
  LegacyCatalogueTitle,
  LegacyItem,
  LegacyItemDetail,
  LegacyItemKey,
  LegacyItemsView,
} from "../../common/legacy.js";
import { type FileMeta, presentFile } from "../assets/present.js";
import type { ReleasedRow } from "./queries.js";

/**
 * An item left to the beneficiary, as listed: its title (clear until its owner moved it over, or
 * sealed) and what opens a sealed one, which is what opens the item (docs/decisions/080); no content.
 */
export const presentItem = (
  r: ReleasedRow,
  key: LegacyItemKey | null,
  catalogue: LegacyCatalogueTitle | null = null,
): LegacyItem => ({
  id: r.id,
  type: r.type,
  title: r.title,
  // a catalogue person gets no key: the title sealed with it would say nothing (decision 098)
  encryptedTitle: r.access === "content" ? (r.encryptedTitle?.toString("base64") ?? null) : null,
  key: r.access === "content" ? key : null,
  ownerId: r.ownerId,
  ownerName: r.ownerName,
  releasedAt: (r.releasedAt ?? r.accessEndsAt).toISOString(),
  accessEndsAt: r.accessEndsAt.toISOString(),
  role: r.role,
  access: r.access,
  catalogue: r.access === "catalogue" ? catalogue : null,
});

/** A catalogue item's title sealed for the beneficiary key, with the key's shares (decision 098). */
export const presentCatalogueTitle = (k: {
  beneficiaryKeyId: string;
  serverShare: Buffer;
  escrowShare: Buffer | null;
  sealedTitle: Buffer;
}): LegacyCatalogueTitle => ({
  beneficiaryKeyId: k.beneficiaryKeyId,
  serverShare: k.serverShare.toString("base64"),
  escrowShare: k.escrowShare ? k.escrowShare.toString("base64") : null,
  sealedTitle: k.sealedTitle.toString("base64"),
});

/** The opened item: its ciphertext and, for this beneficiary only, what opens its content key (base64). */
export const presentItemDetail = (a: {
  row: ReleasedRow;
  key: LegacyItemKey;
  encryptedData: Buffer;
  files: FileMeta[];
  waitingShare: Buffer | null;
}): LegacyItemDetail => ({
  ...presentItem(a.row, a.key),
  key: a.key,
  encryptedData: a.encryptedData.toString("base64"),
  files: a.files.map(presentFile),
  waitingShare: a.waitingShare ? a.waitingShare.toString("base64") : null,
});

/** An item wrapped with the beneficiary key: the wrap and the key's shares (decision 032). */
export const presentBeneficiaryItemKey = (k: {
  beneficiaryKeyId: string;
  serverShare: Buffer;
  escrowShare: Buffer | null;
  wrappedKey: Buffer;
}): LegacyItemKey => ({
  kind: "beneficiary-key",
  beneficiaryKeyId: k.beneficiaryKeyId,
  serverShare: k.serverShare.toString("base64"),
  escrowShare: k.escrowShare ? k.escrowShare.toString("base64") : null,
  wrappedKey: k.wrappedKey.toString("base64"),
});

/** An item still pending at the release: its content key, unwrapped by the server (decision 009). */
export const presentContentItemKey = (contentKey: Buffer): LegacyItemKey => ({
  kind: "content-key",
  contentKey: contentKey.toString("base64"),
});

/** What still waits for the beneficiary (decision 096): who from, which day, how many; no id, no title. */
export const presentUpcoming = (u: {
  ownerName: string;
  on: Date;
  count: number;
}): LegacyItemsView["upcoming"][number] => ({
  ownerName: u.ownerName,
  on: u.on.toISOString(),
  count: u.count,
});
