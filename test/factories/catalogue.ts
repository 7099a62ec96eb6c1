/**
 * A title sealed for a "catalogue only" person (docs/decisions/098) as the owner's browser seals it,
 * and opened as theirs does: AES-GCM under the beneficiary key BK = S XOR A, JSON {"title"},
 * "asset-catalogue:<item id>" as additional data.
 */
import { webcrypto } from "node:crypto";
import { catalogueTitleAad, type CatalogueTitle } from "../../common/catalogue.js";
import type { LegacyItem } from "../../common/legacy.js";
import { xor } from "./beneficiary-keys.js";

const { subtle } = webcrypto;
const IV_BYTES = 12;
const utf8 = (s: string) => new TextEncoder().encode(s);

const bkOf = (bkBytes: Uint8Array) =>
  subtle.importKey("raw", bkBytes, "AES-GCM", false, ["encrypt", "decrypt"]);

export async function sealCatalogueTitle(bkBytes: Uint8Array, assetId: string, title: string) {
  const iv = webcrypto.getRandomValues(new Uint8Array(IV_BYTES));
  const body: CatalogueTitle = { title };
  const sealed = await subtle.encrypt(
    { name: "AES-GCM", iv, additionalData: utf8(catalogueTitleAad(assetId)) },
    await bkOf(bkBytes),
    utf8(JSON.stringify(body)),
  );
  return Buffer.concat([iv, new Uint8Array(sealed)]).toString("base64");
}

/** The listed catalogue item's title, opened with the person's access key (or the escrowed one). */
export async function openCatalogueTitle(item: LegacyItem, accessKey: Uint8Array) {
  const c = item.catalogue;
  if (!c) throw new Error(`no sealed title for ${item.id}`);
  const a = c.escrowShare ? Buffer.from(c.escrowShare, "base64") : accessKey;
  const blob = Buffer.from(c.sealedTitle, "base64");
  const plain = await subtle.decrypt(
    {
      name: "AES-GCM",
      iv: blob.subarray(0, IV_BYTES),
      additionalData: utf8(catalogueTitleAad(item.id)),
    },
    await bkOf(xor(Buffer.from(c.serverShare, "base64"), a)),
    blob.subarray(IV_BYTES),
  );
  return (JSON.parse(Buffer.from(plain).toString("utf8")) as CatalogueTitle).title;
}
