import { and, eq, notExists, sql } from "drizzle-orm";
import type { Db } from "../db/client.js";
import { normalizeFirmCode } from "../../common/firm-codes.js";
import { firmCodes, firms } from "../db/schema/index.js";

const storedCode = sql`rtrim(${firmCodes.code})`;

/**
 * The one firm-code look-up (firm registration, /register's optional code, /join-firm):
 * active firm_codes first, then the firm's own code unless a firm_codes row with that code
 * exists (so deactivating the default code really closes it). Inactive codes never match.
 * A public look-up by design: it runs as the system and returns only id and name. Case,
 * whitespace and hyphens are ignored (normalizeFirmCode); older codes were stored padded to 6.
 */
export async function findFirmByCode(db: Db, input: string): Promise<{ id: string; name: string } | null> {
  const code = normalizeFirmCode(input);
  if (!code) return null;
  const active = await db
    .select({ id: firms.id, name: firms.name })
    .from(firmCodes)
    .innerJoin(firms, eq(firms.id, firmCodes.firmId))
    .where(and(sql`${storedCode} = ${code}`, eq(firmCodes.isActive, true), sql`${firms.claimedAt} is not null`))
    .limit(1);
  if (active[0]) return active[0];
  const own = await db
    .select({ id: firms.id, name: firms.name })
    .from(firms)
    .where(
      and(
        eq(firms.firmCode, code),
        sql`${firms.claimedAt} is not null`,
        notExists(
          db
            .select({ one: sql`1` })
            .from(firmCodes)
            .where(sql`${storedCode} = ${code}`),
        ),
      ),
    )
    .limit(1);
  return own[0] ?? null;
}
