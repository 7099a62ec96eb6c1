import { randomUUID } from "node:crypto";
import type { Page } from "playwright-core";
import type { AssetType, AssetView } from "../common/assets.js";
import { sealAsset, sealTitle, type CryptoKey } from "../test/vault-crypto.js";
import { apiAsUser } from "./fixtures.js";

/**
 * An item sealed as the browser seals it (content and title, decision 080) with the owner's data
 * key `dk`, stored through the API: for journeys whose form is walked elsewhere. Its id.
 */
export async function storeItem(
  page: Page,
  dk: CryptoKey,
  item: { type: AssetType; title: string; content: unknown },
): Promise<string> {
  const id = randomUUID();
  const sealed = await sealAsset(dk, id, item.content);
  const res = await apiAsUser<{ asset: AssetView }>(page, "POST", "/api/assets", {
    id,
    type: item.type,
    encryptedTitle: await sealTitle(sealed.ck, id, item.title),
    wrappedKey: sealed.wrappedKey,
    encryptedData: sealed.encryptedData,
  });
  if (res.status !== 201) throw new Error(`POST /api/assets: ${res.status}`);
  return id;
}

/** A password's content as the form stores it. */
export const passwordContent = (fields: {
  password: string;
  username?: string;
  website?: string;
  notes?: string;
}) => ({ username: "", website: "", notes: "", ...fields });
