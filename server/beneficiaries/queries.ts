import { and, desc, eq, inArray, sql } from "drizzle-orm";
import type { Tx } from "../db/client.js";
import { beneficiaries, profiles, userKeys } from "../db/schema/index.js";

/** Under withActor: row-level security shows the actor their own beneficiaries only. */

export type BeneficiaryRow = typeof beneficiaries.$inferSelect;
export type BeneficiaryChanges = Partial<
  Pick<
    BeneficiaryRow,
    | "name"
    | "email"
    | "phone"
    | "relationship"
    | "notes"
    | "detailsKey"
    | "details"
    | "isExecutor"
    | "isLegalContact"
  >
>;

export const listBeneficiaryRows = (tx: Tx, userId: string) =>
  tx
    .select()
    .from(beneficiaries)
    .where(eq(beneficiaries.userId, userId))
    .orderBy(desc(beneficiaries.createdAt), desc(beneficiaries.id));

export const selectBeneficiary = (tx: Tx, id: string) =>
  tx
    .select()
    .from(beneficiaries)
    .where(eq(beneficiaries.id, id))
    .limit(1)
    .then((r) => r[0] ?? null);

export const insertBeneficiary = (tx: Tx, values: typeof beneficiaries.$inferInsert) =>
  tx
    .insert(beneficiaries)
    .values(values)
    .returning()
    .then((r) => r[0] ?? null);

export const updateBeneficiaryRow = (tx: Tx, id: string, changes: BeneficiaryChanges) =>
  tx
    .update(beneficiaries)
    .set(changes)
    .where(eq(beneficiaries.id, id))
    .returning()
    .then((r) => r[0] ?? null);

export const deleteBeneficiaryRow = (tx: Tx, id: string) =>
  tx.delete(beneficiaries).where(eq(beneficiaries.id, id));

/** The owner's display name, for the notification (the profile is the source of names). */
export const selectOwnerName = (tx: Tx, userId: string) =>
  tx
    .select({ name: profiles.name })
    .from(profiles)
    .where(eq(profiles.id, userId))
    .limit(1)
    .then((r) => r[0]?.name ?? null);

/** Whether the owner's keys are their own (decision 038): then phone, relationship and notes come sealed. */
export const selectHasOwnKeys = (tx: Tx, userId: string) =>
  tx
    .select({ kdfSalt: userKeys.kdfSalt })
    .from(userKeys)
    .where(eq(userKeys.userId, userId))
    .limit(1)
    .then((r) => Boolean(r[0]?.kdfSalt));

/** The names an owner gave these (lower-case) addresses in their beneficiary list. */
export const selectBeneficiaryNames = (tx: Tx, ownerId: string, emails: string[]) =>
  tx
    .select({ email: sql<string>`lower(${beneficiaries.email})`, name: beneficiaries.name })
    .from(beneficiaries)
    .where(
      and(eq(beneficiaries.userId, ownerId), inArray(sql`lower(${beneficiaries.email})`, emails)),
    );
