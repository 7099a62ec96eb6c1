import { and, eq, inArray, isNotNull } from "drizzle-orm";
import type { Tx } from "../db/client.js";
import {
  assetBeneficiaries,
  assets,
  beneficiaryKeys,
  releases,
  user,
  wishesAtReport,
} from "../db/schema/index.js";

/**
 * The SQL of final wishes opened early (docs/decisions/097), run as the system after the API's own
 * checks. "Open now" is one condition, kept here only: the owner chose it for the item, the item is
 * left to the proven address with a wrap under that address's current key, and the owner's death
 * is confirmed (a release waiting, started by k verifiers or by the firm's attestation).
 */

/** What starts a wait on a confirmed death; inactivity alone is not a report of a death. */
export const DEATH_CONFIRMED_TRIGGERS = ["verifiers", "attestation"] as const;

const openNow = and(
  eq(releases.status, "waiting"),
  inArray(releases.trigger, [...DEATH_CONFIRMED_TRIGGERS]),
);

/** The final wishes `email` may read now, one row per (owner, item); `assetId` narrows to one. */
export const selectEarlyWishes = (tx: Tx, email: string, assetId?: string) =>
  tx
    .select({
      id: assets.id,
      title: assets.title,
      encryptedTitle: assets.encryptedTitle,
      ownerId: assets.userId,
      ownerName: user.name,
      releaseId: releases.id,
      confirmedAt: releases.startedAt,
      beneficiaryKeyId: beneficiaryKeys.id,
      serverShare: beneficiaryKeys.serverShare,
      escrowShare: beneficiaryKeys.escrowShare,
      wrappedKey: assetBeneficiaries.wrappedKey,
    })
    .from(assetBeneficiaries)
    .innerJoin(
      assets,
      and(
        eq(assets.id, assetBeneficiaries.assetId),
        eq(assets.userId, assetBeneficiaries.userId),
        eq(assets.type, "wishes"),
      ),
    )
    .innerJoin(wishesAtReport, eq(wishesAtReport.assetId, assets.id))
    .innerJoin(releases, and(eq(releases.userId, assets.userId), openNow))
    .innerJoin(
      beneficiaryKeys,
      and(
        eq(beneficiaryKeys.id, assetBeneficiaries.beneficiaryKeyId),
        eq(beneficiaryKeys.userId, assetBeneficiaries.userId),
        eq(beneficiaryKeys.email, assetBeneficiaries.email),
      ),
    )
    .innerJoin(user, eq(user.id, assets.userId))
    .where(
      and(
        eq(assetBeneficiaries.email, email),
        isNotNull(assetBeneficiaries.wrappedKey),
        ...(assetId ? [eq(assets.id, assetId)] : []),
      ),
    )
    .orderBy(user.name);

export type EarlyWishesRow = Awaited<ReturnType<typeof selectEarlyWishes>>[number];

/** The owner's final wishes chosen to open early, and the addresses that hold a wrap for it. */
export async function selectWishesPeople(tx: Tx, ownerId: string) {
  return tx
    .select({ assetId: assets.id, email: assetBeneficiaries.email })
    .from(assets)
    .innerJoin(wishesAtReport, eq(wishesAtReport.assetId, assets.id))
    .innerJoin(
      assetBeneficiaries,
      and(eq(assetBeneficiaries.assetId, assets.id), isNotNull(assetBeneficiaries.wrappedKey)),
    )
    .where(and(eq(assets.userId, ownerId), eq(assets.type, "wishes")))
    .orderBy(assetBeneficiaries.position);
}

export async function selectEncryptedData(tx: Tx, assetId: string) {
  const [row] = await tx
    .select({ encryptedData: assets.encryptedData })
    .from(assets)
    .where(eq(assets.id, assetId));
  return row?.encryptedData ?? null;
}
