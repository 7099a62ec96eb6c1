import type { profiles } from "../db/schema.js";

export const presentClientRow = (r: { id: string; name: string; email: string; createdAt: Date }) => ({
  id: r.id,
  name: r.name,
  email: r.email,
  createdAt: r.createdAt.toISOString(),
});

/** A client's profile as firm users see it: no vault content, ever. */
export const presentClientProfile = (p: typeof profiles.$inferSelect) => ({
  id: p.id,
  name: p.name,
  email: p.email,
  phone: p.phone,
  address: p.address,
  createdAt: p.createdAt.toISOString(),
});
