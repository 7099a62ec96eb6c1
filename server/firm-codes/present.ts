import type { FirmCodeView, FirmSummaryView } from "../../common/firm-codes.js";
import type { firmCodes } from "../db/schema/index.js";

export function presentFirmCode(r: typeof firmCodes.$inferSelect): FirmCodeView {
  return {
    id: r.id,
    code: r.code,
    description: r.description,
    isActive: r.isActive,
    createdAt: r.createdAt.toISOString(),
    expiresAt: r.expiresAt?.toISOString() ?? null,
  };
}

/** A firm found by its code: its id and name, nothing else. */
export function presentFirmSummary(f: FirmSummaryView): FirmSummaryView {
  return { id: f.id, name: f.name };
}
