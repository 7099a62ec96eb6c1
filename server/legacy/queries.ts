import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { AssetFileKind } from "../../common/assets/files.js";
import { MESSAGE_ACCESS_DAYS } from "../../common/messages.js";
import { writeBytea } from "../db/bytea.js";
import type { Tx } from "../db/client.js";
import {
  assetBeneficiaries,
  assetFiles,
  assets,
  beneficiaryKeys,
  legacyCodes,
  legacySessions,
  messageSchedules,
  firms,
  profiles,
  releaseItems,
  releases,
  userKeys,
} from "../db/schema/index.js";

/** A released item given at the release, or one that waited and the sweep has delivered. */
const isDelivered = sql`(${releaseItems.dueAt} is null or ${releaseItems.deliveredAt} is not null)`;

/**
 * Everything released to `email` (release_items is the only grant; a message only once delivered)
 * and still left to it (an owner
 * who removed a beneficiary took the item back, with its wrap; docs/decisions/053), with the owner's
 * name; access may have ended (compare accessEndsAt). By owner, then oldest first: the titles are
 * sealed (docs/decisions/080), the beneficiary's browser sorts by them.
 */
export function selectReleasedTo(tx: Tx, email: string) {
  return tx
    .select({
      id: assets.id,
      type: assets.type,
      title: assets.title,
      encryptedTitle: assets.encryptedTitle,
      ownerId: releases.userId,
      ownerName: profiles.name,
      releaseId: releases.id,
      releaseTrigger: releases.trigger,
      releasedAt: releases.releasedAt,
      /** The role that gives it to this address (decision 091), null when it is only left to it. */
      role: assetBeneficiaries.role,
      /** "catalogue": this address is told only that the item exists (decision 098). */
      access: assetBeneficiaries.access,
      // a message opens for a year from its own delivery (docs/decisions/089)
      accessEndsAt:
        sql<Date>`case when ${assets.type} = 'message' then ${messageSchedules.deliveredAt} + make_interval(days => ${MESSAGE_ACCESS_DAYS}) else ${releaseItems.accessEndsAt} end`.mapWith(
          releaseItems.accessEndsAt,
        ),
      /** A delivered message's waiting share, sealed (null for every other item). */
      sealedWaitingShare: messageSchedules.waitingShare,
    })
    .from(releaseItems)
    .innerJoin(releases, eq(releases.id, releaseItems.releaseId))
    .innerJoin(assets, eq(assets.id, releaseItems.assetId))
    .innerJoin(
      assetBeneficiaries,
      and(
        eq(assetBeneficiaries.assetId, releaseItems.assetId),
        eq(assetBeneficiaries.email, releaseItems.beneficiaryEmail),
      ),
    )
    .innerJoin(profiles, eq(profiles.id, releases.userId))
    .leftJoin(messageSchedules, eq(messageSchedules.assetId, assets.id))
    .where(
      and(
        eq(releaseItems.beneficiaryEmail, email),
        eq(releases.status, "released"),
        // a message exists for its recipient only from its day on (docs/decisions/089)
        sql`(${assets.type} <> 'message' or ${messageSchedules.deliveredAt} is not null)`,
        // and an item that waits days after the release, from its day on (docs/decisions/096)
        isDelivered,
      ),
    )
    .orderBy(asc(profiles.name), asc(releases.userId), asc(assets.createdAt), asc(assets.id));
}
export type ReleasedRow = Awaited<ReturnType<typeof selectReleasedTo>>[number];

/** The owner's current beneficiary key for the released-to address (whatever the item is wrapped with). */
const addressKey = alias(beneficiaryKeys, "address_key");

/**
 * What opens each of `assetIds` for `email`: its ciphertext, wrapped key and the owner's escrowed
 * data key (null once the owner holds it alone), its wrap for `email` (decision 053: each
 * beneficiary of an item has their own) with that key's address and sealed shares, and whether the
 * owner has a key for `email` and whether the service holds its access key (decision 032). Only
 * for ids taken from selectReleasedTo: this query checks no release.
 */
function selectKeysOf(tx: Tx, email: string, assetIds: string[]) {
  return tx
    .select({
      assetId: assets.id,
      wrappedKey: assets.wrappedKey,
      wrappedDataKey: userKeys.wrappedKey,
      beneficiaryKeyId: beneficiaryKeys.id,
      beneficiaryKeyEmail: beneficiaryKeys.email,
      beneficiaryWrappedKey: assetBeneficiaries.wrappedKey,
      catalogueTitle: assetBeneficiaries.catalogueTitle,
      sealedServerShare: beneficiaryKeys.serverShare,
      sealedEscrowShare: beneficiaryKeys.escrowShare,
      addressKeyId: addressKey.id,
      isAddressKeyEscrowed: sql<boolean>`${addressKey.escrowShare} is not null`,
    })
    .from(assets)
    .leftJoin(userKeys, eq(userKeys.userId, assets.userId)) // no escrowed copy: wrappedDataKey null (decision 038)
    .innerJoin(
      assetBeneficiaries,
      and(eq(assetBeneficiaries.assetId, assets.id), eq(assetBeneficiaries.email, email)),
    )
    .leftJoin(
      beneficiaryKeys,
      and(
        eq(beneficiaryKeys.id, assetBeneficiaries.beneficiaryKeyId),
        eq(beneficiaryKeys.userId, assets.userId),
      ),
    )
    .leftJoin(addressKey, and(eq(addressKey.userId, assets.userId), eq(addressKey.email, email)))
    .where(inArray(assets.id, assetIds));
}

/** The items released to `email`, each with what opens it (selectKeysOf), in one more statement. */
export async function selectReleasedWithKeys(tx: Tx, email: string) {
  const items = await selectReleasedTo(tx, email);
  if (!items.length) return [];
  const keys = await selectKeysOf(tx, email, [...new Set(items.map((i) => i.id))]);
  const byId = new Map(keys.map((k) => [k.assetId, k]));
  return items.flatMap((item) => {
    const k = byId.get(item.id);
    return k ? [{ ...item, ...k }] : [];
  });
}
export type ReleasedKeysRow = Awaited<ReturnType<typeof selectReleasedWithKeys>>[number];

/** One item, only when it was released to `email`: as selectReleasedWithKeys, with its ciphertext. */
export async function selectReleasedItem(tx: Tx, email: string, assetId: string) {
  const item = (await selectReleasedTo(tx, email)).find((r) => r.id === assetId);
  if (!item) return null;
  const [keys] = await selectKeysOf(tx, email, [assetId]);
  if (!keys) return null;
  const [content] = await tx
    .select({ encryptedData: assets.encryptedData })
    .from(assets)
    .where(eq(assets.id, assetId));
  return content ? { ...item, ...keys, ...content } : null;
}
export type ReleasedItemRow = NonNullable<Awaited<ReturnType<typeof selectReleasedItem>>>;

export const selectFileList = (tx: Tx, assetId: string) =>
  tx
    .select({
      kind: assetFiles.kind,
      contentType: assetFiles.contentType,
      size: assetFiles.size,
      chunkedIn: assetFiles.chunkedIn,
    })
    .from(assetFiles)
    .where(eq(assetFiles.assetId, assetId));

/** A released file's type, or null (its bytes come through the vault's own reader: assets/files.ts). */
export async function selectFileType(tx: Tx, assetId: string, kind: AssetFileKind) {
  const [meta] = await tx
    .select({ contentType: assetFiles.contentType })
    .from(assetFiles)
    .where(and(eq(assetFiles.assetId, assetId), eq(assetFiles.kind, kind)));
  return meta?.contentType ?? null;
}

/**
 * What still waits for `email` (decision 096): by owner and day, how many items; never which.
 */
export function selectUpcoming(tx: Tx, email: string) {
  return tx
    .select({
      ownerName: profiles.name,
      on: sql<Date>`${releaseItems.dueAt}`.mapWith(releaseItems.dueAt),
      count: sql<number>`count(distinct ${releaseItems.assetId})`.mapWith(Number),
    })
    .from(releaseItems)
    .innerJoin(releases, eq(releases.id, releaseItems.releaseId))
    .innerJoin(profiles, eq(profiles.id, releases.userId))
    .where(
      and(
        eq(releaseItems.beneficiaryEmail, email),
        eq(releases.status, "released"),
        sql`${releaseItems.dueAt} is not null and ${releaseItems.deliveredAt} is null`,
      ),
    )
    .groupBy(profiles.name, releases.userId, releaseItems.dueAt)
    .orderBy(asc(releaseItems.dueAt), asc(profiles.name));
}

/** The beneficiary opened the item: claimed (decision 096: its fallbacks are no longer needed). */
export const markClaimed = (
  tx: Tx,
  a: { releaseId: string; assetId: string; email: string; now: Date },
) =>
  tx
    .update(releaseItems)
    .set({ claimedAt: a.now })
    .where(
      and(
        eq(releaseItems.releaseId, a.releaseId),
        eq(releaseItems.assetId, a.assetId),
        eq(releaseItems.beneficiaryEmail, a.email),
        sql`${releaseItems.claimedAt} is null`,
      ),
    );

/** Whether anything was ever released to `email` (after access ends they may still sign in to read that notice). */
export async function hasReleasedItems(tx: Tx, email: string) {
  const [row] = await tx
    .select({ one: sql<number>`1` })
    .from(releaseItems)
    .innerJoin(releases, eq(releases.id, releaseItems.releaseId))
    .where(and(eq(releaseItems.beneficiaryEmail, email), eq(releases.status, "released")))
    .limit(1);
  return !!row;
}

export async function upsertCode(
  tx: Tx,
  { email, codeHash, expiresAt }: { email: string; codeHash: string; expiresAt: Date },
) {
  await tx
    .insert(legacyCodes)
    .values({ email, codeHash, expiresAt, attempts: 0 })
    .onConflictDoUpdate({ target: legacyCodes.email, set: { codeHash, expiresAt, attempts: 0 } });
}

export async function selectCode(tx: Tx, email: string) {
  const [row] = await tx
    .select()
    .from(legacyCodes)
    .where(eq(legacyCodes.email, email))
    .for("update");
  return row ?? null;
}

export const countCodeAttempt = (tx: Tx, email: string, attempts: number) =>
  tx.update(legacyCodes).set({ attempts }).where(eq(legacyCodes.email, email));
export const deleteCode = (tx: Tx, email: string) =>
  tx.delete(legacyCodes).where(eq(legacyCodes.email, email));

export const insertSession = (tx: Tx, row: typeof legacySessions.$inferInsert) =>
  tx.insert(legacySessions).values(row);
export const deleteSession = (tx: Tx, tokenHash: string) =>
  tx.delete(legacySessions).where(eq(legacySessions.tokenHash, tokenHash));

/**
 * The live session's tab key, made now from `newKey` if it has none yet (one statement: two
 * requests at once get the same key); null when the session ended or expired.
 */
export async function upsertSessionTabKey(
  tx: Tx,
  { tokenHash, now, newKey }: { tokenHash: string; now: Date; newKey: Buffer },
) {
  const [row] = await tx
    .update(legacySessions)
    .set({ tabKey: sql`coalesce(${legacySessions.tabKey}, ${writeBytea(newKey)})` })
    .where(and(eq(legacySessions.tokenHash, tokenHash), sql`${legacySessions.expiresAt} > ${now}`))
    .returning({ tabKey: legacySessions.tabKey });
  return row?.tabKey ?? null;
}

export async function selectSessionEmail(tx: Tx, tokenHash: string, now: Date) {
  const [row] = await tx
    .select({ email: legacySessions.email })
    .from(legacySessions)
    .where(and(eq(legacySessions.tokenHash, tokenHash), sql`${legacySessions.expiresAt} > ${now}`));
  return row?.email ?? null;
}

/** The firms whose clients (regular users) these owners are, each once: the portal's brand. */
export const selectOwnerFirms = (tx: Tx, ownerIds: string[]) =>
  ownerIds.length === 0
    ? Promise.resolve([])
    : tx
        .selectDistinct({ id: firms.id, name: firms.name, brandColor: firms.brandColor })
        .from(profiles)
        .innerJoin(firms, eq(firms.id, profiles.firmId))
        .where(and(inArray(profiles.id, ownerIds), eq(profiles.role, "regular_user")))
        .orderBy(asc(firms.name), asc(firms.id));
