import {
  ASSET_MSG,
  type AssetBeneficiaryKeyInput,
  type NewItemCatalogueInput,
} from "../../common/assets.js";
import { CATALOGUE_MSG } from "../../common/catalogue.js";
import { KEYS_MSG } from "../../common/keys.js";
import type { ActorProfile } from "../access.js";
import type { Tx } from "../db/client.js";
import { AppError } from "../errors.js";
import { lockKeyForWrap } from "../keys/beneficiary-service.js";
import { selectCatalogueEmails, updateAccess } from "./access-queries.js";
import { upsertAssetBeneficiary, type AssetBeneficiaryRow } from "./queries.js";
import { clearRoleOnlyWraps, removeLeftAddresses } from "./role-grant-queries.js";

/**
 * The people an item is left to and their beneficiary wraps (docs/decisions/032, 053): one row per
 * address, each wrap its content key wrapped with the beneficiary key of exactly that address.
 */
type Wrap = NonNullable<AssetBeneficiaryRow["wrap"]>;

/**
 * The wraps by address, or 400 when a key is not the owner's (row-level security hides other
 * owners' keys) or is for an address the item is not left to. One answer for both: the owner's
 * browser sent a wrap that does not fit this item. Each key stays locked FOR SHARE until the
 * transaction ends, so a concurrent re-issue cannot drop it under its wrap.
 */
export async function requireBeneficiaryWraps(
  tx: Tx,
  actor: ActorProfile,
  { emails, keys }: { emails: string[]; keys: AssetBeneficiaryKeyInput[] },
): Promise<Map<string, Wrap>> {
  const wraps = new Map<string, Wrap>();
  for (const k of keys) {
    const key = await lockKeyForWrap(tx, k.id);
    if (!key || key.userId !== actor.id || !emails.includes(key.email))
      throw new AppError("VALIDATION", KEYS_MSG.wrongBeneficiaryKey);
    if (wraps.has(key.email)) throw new AppError("VALIDATION", ASSET_MSG.beneficiaryKeyTwice);
    wraps.set(key.email, { keyId: key.id, wrappedKey: Buffer.from(k.wrappedKey, "base64") });
  }
  return wraps;
}

/**
 * The owner's key `keyId` for exactly `email`, held FOR SHARE until the transaction ends (a
 * re-issue cannot drop it under what was sealed with it); 400 otherwise.
 */
export async function requireKeyOf(tx: Tx, actor: ActorProfile, keyId: string, email: string) {
  const key = await lockKeyForWrap(tx, keyId);
  if (!key || key.userId !== actor.id || key.email !== email)
    throw new AppError("VALIDATION", CATALOGUE_MSG.keyNotForPerson);
  return key.id;
}

/**
 * Writes an item's beneficiaries after a create or an update: `emails` (when given) is the whole
 * new list, so an address left out is removed with its wrap and can no longer open the item after
 * a release (unless a role still gives it: decision 091); a given wrap replaces its address's; a new
 * content key (`isContentKeyNew`) drops every wrap not given, the roles' too, and those addresses
 * wait "pending" until the owner's browser wraps them.
 * Nothing changes when nothing about them does.
 */
export async function writeAssetBeneficiaries(
  tx: Tx,
  actor: ActorProfile,
  {
    assetId,
    current,
    emails,
    keys,
    isContentKeyNew,
    newCatalogue = [],
  }: {
    assetId: string;
    current: string[];
    emails: string[] | undefined;
    keys: AssetBeneficiaryKeyInput[] | undefined;
    isContentKeyNew: boolean;
    /** A new item's people told only that it exists, with their sealed titles (decision 098). */
    newCatalogue?: NewItemCatalogueInput;
  },
) {
  if (emails === undefined && !keys?.length && !isContentKeyNew) return;
  const list = emails ?? current;
  if (newCatalogue.some((p) => !list.includes(p.email)))
    throw new AppError("VALIDATION", CATALOGUE_MSG.notLeft);
  const wraps = await requireBeneficiaryWraps(tx, actor, { emails: list, keys: keys ?? [] });
  // a person told only that the item exists never receives its key (decision 098)
  const catalogue = await selectCatalogueEmails(tx, assetId);
  for (const p of newCatalogue) catalogue.add(p.email);
  if ([...wraps.keys()].some((email) => catalogue.has(email)))
    throw new AppError("VALIDATION", CATALOGUE_MSG.noWrapForCatalogue);
  await removeLeftAddresses(tx, assetId, list);
  if (isContentKeyNew) await clearRoleOnlyWraps(tx, assetId);
  for (const [position, email] of list.entries()) {
    // a catalogue row keeps the key its sealed title names
    const kept = isContentKeyNew && !catalogue.has(email) ? null : undefined;
    const wrap = wraps.get(email) ?? kept;
    await upsertAssetBeneficiary(tx, {
      assetId,
      userId: actor.id,
      row: { email, position, wrap },
    });
  }
  for (const p of newCatalogue)
    await updateAccess(tx, {
      assetId,
      email: p.email,
      set: {
        access: "catalogue",
        beneficiaryKeyId: p.keyId ? await requireKeyOf(tx, actor, p.keyId, p.email) : null,
        catalogueTitle: p.sealedTitle ? Buffer.from(p.sealedTitle, "base64") : null,
      },
    });
}
