import { asc, eq, sql } from "drizzle-orm";
import type { Tx } from "../db/client.js";
import { beneficiaries } from "../db/schema/index.js";

/**
 * Under withClientView: the client's beneficiaries by name, alphabetically, at most `limit`. Only
 * the name is granted to lv_client_view: no e-mail, phone, relationship or notes (the last three are
 * sealed in the owner's browser, decision 038).
 */
export const listBeneficiaryNames = (tx: Tx, userId: string, limit: number) =>
  tx
    .select({ name: beneficiaries.name })
    .from(beneficiaries)
    .where(eq(beneficiaries.userId, userId))
    .orderBy(asc(sql`lower(${beneficiaries.name})`), asc(beneficiaries.name))
    .limit(limit);
