/**
 * A title sealed for a person told only that an item exists (docs/decisions/098): IV ‖
 * AES-256-GCM(BK, JSON {"title"}) ‖ tag, "asset-catalogue:<item id>" as additional data, BK the
 * person's beneficiary key (the raw bytes: the owner unwraps them with the data key, the person
 * combines the server's share and their access key). The additional data differs from a wrap's
 * (the bare item id), so a sealed title never passes for a wrapped content key, nor the reverse.
 */
import { catalogueTitleAad, type CatalogueTitle } from "@common/catalogue";
import { DecryptError } from "./vault-crypto";

const IV_BYTES = 12;
const te = new TextEncoder();

const importKey = (bk: Uint8Array, usage: "encrypt" | "decrypt") =>
  crypto.subtle.importKey("raw", new Uint8Array(bk), { name: "AES-GCM" }, false, [usage]);

export async function sealCatalogueTitle(
  bk: Uint8Array,
  assetId: string,
  title: string,
): Promise<Uint8Array> {
  const iv = crypto.getRandomValues(new Uint8Array(IV_BYTES));
  const body: CatalogueTitle = { title: title.trim() };
  const sealed = await crypto.subtle.encrypt(
    { name: "AES-GCM", iv, additionalData: te.encode(catalogueTitleAad(assetId)) },
    await importKey(bk, "encrypt"),
    te.encode(JSON.stringify(body)),
  );
  const out = new Uint8Array(IV_BYTES + sealed.byteLength);
  out.set(iv, 0);
  out.set(new Uint8Array(sealed), IV_BYTES);
  return out;
}

/** The title; DecryptError for another key, another item or changed bytes. */
export async function openCatalogueTitle(
  bk: Uint8Array,
  assetId: string,
  sealed: Uint8Array,
): Promise<string> {
  try {
    const plain = await crypto.subtle.decrypt(
      {
        name: "AES-GCM",
        iv: new Uint8Array(sealed.subarray(0, IV_BYTES)),
        additionalData: te.encode(catalogueTitleAad(assetId)),
      },
      await importKey(bk, "decrypt"),
      new Uint8Array(sealed.subarray(IV_BYTES)),
    );
    const body = JSON.parse(new TextDecoder().decode(plain)) as Partial<CatalogueTitle>;
    if (typeof body.title !== "string") throw new DecryptError();
    return body.title;
  } catch {
    throw new DecryptError();
  }
}
