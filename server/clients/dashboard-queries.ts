import { asc, eq, sql } from "drizzle-orm";
import type { Tx } from "../db/client.js";
import { beneficiaries } from "../db/schema/index.js";

/**
 * Under withClientView: the client's beneficiaries by name (and relationship), alphabetically, at most
 * `limit`. Only these columns are granted to lv_client_view: no e-mail, phone or notes.
 */
export const listBeneficiaryNames = (tx: Tx, userId: string, limit: number) =>
  tx
    .select({ name: beneficiaries.name, relationship: beneficiaries.relationship })
    .from(beneficiaries)
    .where(eq(beneficiaries.userId, userId))
    .orderBy(asc(sql`lower(${beneficiaries.name})`), asc(beneficiaries.name))
    .limit(limit);
