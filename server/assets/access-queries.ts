import { and, asc, eq } from "drizzle-orm";
import type { Tx } from "../db/client.js";
import { assetBeneficiaries } from "../db/schema/index.js";

/**
 * What each person an item is left to may receive (docs/decisions/098), under withActor:
 * row-level security keeps every statement to the actor's own rows.
 */
export const selectAccessRows = (tx: Tx, assetId: string) =>
  tx
    .select({
      email: assetBeneficiaries.email,
      access: assetBeneficiaries.access,
      role: assetBeneficiaries.role,
      beneficiaryKeyId: assetBeneficiaries.beneficiaryKeyId,
      catalogueTitle: assetBeneficiaries.catalogueTitle,
    })
    .from(assetBeneficiaries)
    .where(and(eq(assetBeneficiaries.assetId, assetId), eq(assetBeneficiaries.isLeft, true)))
    .orderBy(asc(assetBeneficiaries.position));
export type AccessRow = Awaited<ReturnType<typeof selectAccessRows>>[number];

/** The addresses of the item that are told only that it exists. */
export async function selectCatalogueEmails(tx: Tx, assetId: string) {
  const rows = await tx
    .select({ email: assetBeneficiaries.email })
    .from(assetBeneficiaries)
    .where(
      and(eq(assetBeneficiaries.assetId, assetId), eq(assetBeneficiaries.access, "catalogue")),
    );
  return new Set(rows.map((r) => r.email));
}

/**
 * One person's choice, in one statement: "catalogue" drops any wrap of the content key (the
 * table's check refuses a catalogue row with one) and keeps the sealed title; "content" drops the
 * sealed title and sets the wrap given (or none: pending).
 */
export const updateAccess = (
  tx: Tx,
  {
    assetId,
    email,
    set,
  }: {
    assetId: string;
    email: string;
    set:
      | { access: "catalogue"; beneficiaryKeyId: string | null; catalogueTitle: Buffer | null }
      | { access: "content"; beneficiaryKeyId: string | null; wrappedKey: Buffer | null };
  },
) =>
  tx
    .update(assetBeneficiaries)
    .set(
      set.access === "catalogue" ? { ...set, wrappedKey: null } : { ...set, catalogueTitle: null },
    )
    .where(and(eq(assetBeneficiaries.assetId, assetId), eq(assetBeneficiaries.email, email)))
    .returning({ email: assetBeneficiaries.email });
