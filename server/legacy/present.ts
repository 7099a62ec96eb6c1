import type { AssetFileView } from "../../common/assets.js";
import type { LegacyItem, LegacyItemDetail } from "../../common/legacy.js";
import { presentFile } from "../assets/present.js";
import type { ReleasedRow } from "./queries.js";

/** An item left to the beneficiary, as listed: no content. */
export const presentItem = (r: ReleasedRow): LegacyItem => ({
  id: r.id,
  type: r.type,
  title: r.title,
  ownerName: r.ownerName,
  releasedAt: (r.releasedAt ?? r.accessEndsAt).toISOString(),
  accessEndsAt: r.accessEndsAt.toISOString(),
});

/** The opened item: its ciphertext and, for this beneficiary only, its content key (both base64). */
export const presentItemDetail = (a: {
  row: ReleasedRow;
  contentKey: Buffer;
  encryptedData: Buffer;
  files: AssetFileView[];
}): LegacyItemDetail => ({
  ...presentItem(a.row),
  contentKey: a.contentKey.toString("base64"),
  encryptedData: a.encryptedData.toString("base64"),
  files: a.files.map(presentFile),
});
