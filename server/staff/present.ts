import type { profiles } from "../db/schema/index.js";

export function presentStaffMember(p: typeof profiles.$inferSelect) {
  return { id: p.id, name: p.name, email: p.email, role: p.role, createdAt: p.createdAt.toISOString() };
}
