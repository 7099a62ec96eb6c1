import type { ItemAccessView } from "../../common/catalogue.js";
import type { AccessRow } from "./access-queries.js";

/** The people of an item and what each may receive: no key, no sealed title. */
export const presentItemAccess = (rows: AccessRow[]): ItemAccessView => ({
  people: rows.map((r) => ({
    email: r.email,
    access: r.access,
    isTitleSealed: r.access === "catalogue" && !!r.catalogueTitle && !!r.beneficiaryKeyId,
  })),
});
