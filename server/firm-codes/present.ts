import type { firmCodes } from "../db/schema/index.js";

export function presentFirmCode(r: typeof firmCodes.$inferSelect) {
  return {
    id: r.id,
    code: r.code,
    description: r.description,
    isActive: r.isActive,
    createdAt: r.createdAt.toISOString(),
    expiresAt: r.expiresAt?.toISOString() ?? null,
  };
}
