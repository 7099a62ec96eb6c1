import type { ClaimableFirmView, CreatedFirmView, FirmView } from "../../common/firms.js";
import type { firms } from "../db/schema/index.js";

type FirmRow = typeof firms.$inferSelect;

export function presentFirm(f: FirmRow): FirmView {
  return {
    id: f.id,
    name: f.name,
    phone: f.phone,
    address: f.address,
    logoUrl: f.logoUrl,
    firmCode: f.firmCode,
    page: { slug: f.slug, brandColor: f.brandColor, isCodeOnPage: f.pageCodeId !== null },
    updatedAt: f.updatedAt.toISOString(),
  };
}

/** What step 1 of firm registration answers (spec 01 §7 create-firm), plus the claim secret. */
export function presentCreatedFirm(f: FirmRow, claimSecret: string): CreatedFirmView {
  return { id: f.id, name: f.name, firm_code: f.firmCode, claimSecret };
}

/** The firm an e-mailed claim link offers (decision 034): its name, nothing else. */
export function presentClaimableFirm(f: FirmRow): ClaimableFirmView {
  return { id: f.id, name: f.name };
}
