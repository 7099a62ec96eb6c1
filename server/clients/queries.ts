import { and, asc, desc, eq, sql } from "drizzle-orm";
import { CLIENT_PAGE_SIZE, type ClientListQuery } from "../../common/firm-people-schemas.js";
import type { Tx } from "../db/client.js";
import { firms, profiles } from "../db/schema.js";

/** Search counts stop here: past it the list says "1,000+" instead of scanning every match. */
export const SEARCH_COUNT_CAP = 1000;

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);
/** Matches the trigram index profiles_search_trgm_idx (migration 0005). */
const searchText = sql`(lower(${profiles.name}) || ' ' || ${profiles.email})`;

/** One page of a firm's clients (role regular_user), searched and sorted in the database. Under withActor. */
export async function listClientsPage(tx: Tx, firmId: string, q: ClientListQuery) {
  const needle = q.search.toLowerCase();
  const where = and(eq(profiles.firmId, firmId), eq(profiles.role, "regular_user"), needle ? sql`${searchText} like ${`%${escapeLike(needle)}%`}` : undefined);
  const direction = q.dir === "asc" ? asc : desc;
  const order = q.sort === "name" ? [direction(sql`lower(${profiles.name})`), direction(profiles.id)] : [direction(profiles.createdAt), direction(profiles.id)];
  const rows = await tx
    .select({ id: profiles.id, name: profiles.name, email: profiles.email, createdAt: profiles.createdAt })
    .from(profiles)
    .where(where)
    .orderBy(...order)
    .limit(CLIENT_PAGE_SIZE)
    .offset((q.page - 1) * CLIENT_PAGE_SIZE);
  if (!needle) {
    const [firm] = await tx.select({ n: firms.clientCount }).from(firms).where(eq(firms.id, firmId));
    return { rows, total: firm?.n ?? 0, isTotalCapped: false };
  }
  const capped = tx
    .select({ one: sql`1` })
    .from(profiles)
    .where(where)
    .limit(SEARCH_COUNT_CAP + 1)
    .as("capped");
  const [counted] = await tx.select({ n: sql<number>`count(*)::int` }).from(capped);
  const n = counted?.n ?? 0;
  return { rows, total: Math.min(n, SEARCH_COUNT_CAP), isTotalCapped: n > SEARCH_COUNT_CAP };
}

export const getClient = (tx: Tx, firmId: string, id: string) =>
  tx
    .select()
    .from(profiles)
    .where(and(eq(profiles.id, id), eq(profiles.firmId, firmId), eq(profiles.role, "regular_user")))
    .limit(1)
    .then((r) => r[0] ?? null);
