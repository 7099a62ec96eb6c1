/**
 * The owner's and the recipient's browsers for messages for later (docs/decisions/089), with
 * node's WebCrypto as web/src/lib/crypto/message-keys.ts uses it: the item key CK (wrapped as any
 * item's), the waiting share W, and the message key MK = HKDF-SHA-256(CK, salt W, "message-key:<id>").
 */
import { randomBytes, randomUUID, webcrypto } from "node:crypto";
import type { MessageDelivery, MessageScheduleView } from "../../common/messages.js";
import type { TestClient } from "../harness.js";
import { encryptBytes, sealTitle, type CryptoKey } from "../vault-crypto.js";

const { subtle } = webcrypto;
const utf8 = (s: string) => new TextEncoder().encode(s);
const b64 = (bytes: Uint8Array) => Buffer.from(bytes).toString("base64");

/** MK from the item key's raw bytes and W. */
export async function messageKey(ckRaw: Uint8Array, waitingShare: Uint8Array, assetId: string) {
  const base = await subtle.importKey("raw", ckRaw, "HKDF", false, ["deriveKey"]);
  return subtle.deriveKey(
    { name: "HKDF", hash: "SHA-256", salt: waitingShare, info: utf8(`message-key:${assetId}`) },
    base,
    { name: "AES-GCM", length: 256 },
    false,
    ["encrypt", "decrypt"],
  );
}

/** POST /api/assets (type "message") and PUT /api/messages/:id/schedule, as the owner's browser. */
export async function buildMessage(
  client: TestClient,
  options: {
    dataKey: CryptoKey;
    recipients: string[];
    delivery: MessageDelivery;
    letter?: string;
    title?: string;
  },
) {
  const id = randomUUID();
  const ck = await subtle.generateKey({ name: "AES-GCM", length: 256 }, true, [
    "encrypt",
    "decrypt",
  ]);
  const ckRaw = new Uint8Array(await subtle.exportKey("raw", ck));
  const waitingShare = randomBytes(32);
  const mk = await messageKey(ckRaw, waitingShare, id);
  const iv = webcrypto.getRandomValues(new Uint8Array(12));
  const wrapped = await subtle.wrapKey("raw", ck, options.dataKey, {
    name: "AES-GCM",
    iv,
    additionalData: utf8(id),
  });
  const letter = options.letter ?? `Dear one ${randomUUID()}`;
  const content = { format: "letter", letter, transcript: "", occasion: "", media: null };
  const title = options.title ?? `For later ${id.slice(0, 6)}`;
  const created = await client.json("POST", "/api/assets", {
    id,
    type: "message",
    encryptedTitle: await sealTitle(ck, id, title),
    beneficiaryEmails: options.recipients,
    wrappedKey: b64(Buffer.concat([iv, new Uint8Array(wrapped)])),
    encryptedData: b64(await encryptBytes(mk, utf8(JSON.stringify(content)))),
  });
  if (created.status !== 201)
    throw new Error(`POST /api/assets -> ${created.status} ${JSON.stringify(created.body)}`);
  const scheduled = await client.json<MessageScheduleView>("PUT", `/api/messages/${id}/schedule`, {
    delivery: options.delivery,
    waitingShare: b64(waitingShare),
  });
  if (scheduled.status !== 200)
    throw new Error(`PUT schedule -> ${scheduled.status} ${JSON.stringify(scheduled.body)}`);
  return { id, ck, ckRaw, mk, waitingShare, letter, title, dk: options.dataKey };
}
