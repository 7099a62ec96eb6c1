/**
 * The executor's browser for the task workspace (docs/decisions/099), with node's WebCrypto: a
 * workspace key WK wrapped under the executor's beneficiary key BK = serverShare XOR access key,
 * notes sealed with WK (the task id as additional data).
 */
import { webcrypto } from "node:crypto";
import {
  taskNoteContext,
  workspaceKeyContext,
  type ExecutorEstateView,
  type TasksView,
} from "../../common/executor-tasks.js";
import type { TestClient } from "../harness.js";
import { openBeneficiaryWrap, xor } from "./beneficiary-keys.js";
import type { CryptoKey } from "../vault-crypto.js";

const { subtle } = webcrypto;
const IV_BYTES = 12;
const utf8 = (s: string) => new TextEncoder().encode(s);

export async function listTasks(client: TestClient) {
  const res = await client.json<TasksView>("GET", "/api/legacy/tasks");
  if (res.status !== 200) throw new Error(`GET /api/legacy/tasks -> ${res.status}`);
  return res.body;
}

export async function executorEstate(client: TestClient, ownerId: string) {
  const estate = (await listTasks(client)).estates.find((e) => e.ownerId === ownerId);
  if (estate?.role !== "executor") throw new Error(`not the executor of ${ownerId}`);
  return estate;
}

/** Makes the estate's workspace key (first executor) or opens it; returns WK. */
export async function openWorkspaceKey(
  client: TestClient,
  estate: ExecutorEstateView,
  accessKey: Uint8Array,
): Promise<CryptoKey> {
  const k = estate.workspaceKey;
  const context = workspaceKeyContext(estate.ownerId);
  if (k.state === "wrapped")
    return openBeneficiaryWrap({
      serverShare: k.key.serverShare,
      accessKey,
      assetId: context,
      wrappedKey: k.key.wrappedKey,
    });
  if (k.state !== "create") throw new Error(`workspace key ${k.state}`);
  const bk = await subtle.importKey(
    "raw",
    xor(Buffer.from(k.serverShare, "base64"), accessKey),
    "AES-GCM",
    false,
    ["wrapKey"],
  );
  const wk = await subtle.generateKey({ name: "AES-GCM", length: 256 }, true, [
    "encrypt",
    "decrypt",
  ]);
  const iv = webcrypto.getRandomValues(new Uint8Array(IV_BYTES));
  const wrapped = await subtle.wrapKey("raw", wk, bk, {
    name: "AES-GCM",
    iv,
    additionalData: utf8(context),
  });
  const res = await client.json("PUT", "/api/legacy/tasks/workspace-key", {
    ownerId: estate.ownerId,
    beneficiaryKeyId: k.beneficiaryKeyId,
    wrappedKey: Buffer.concat([iv, new Uint8Array(wrapped)]).toString("base64"),
  });
  if (res.status !== 200) throw new Error(`PUT workspace-key -> ${res.status}`);
  return wk;
}

export async function sealWith(key: CryptoKey, context: string, plaintext: Uint8Array) {
  const iv = webcrypto.getRandomValues(new Uint8Array(IV_BYTES));
  const ct = await subtle.encrypt(
    { name: "AES-GCM", iv, additionalData: utf8(context) },
    key,
    plaintext,
  );
  return Buffer.concat([iv, new Uint8Array(ct)]);
}

export async function openWith(key: CryptoKey, context: string, sealed: Uint8Array) {
  const ct = await subtle.decrypt(
    { name: "AES-GCM", iv: sealed.subarray(0, IV_BYTES), additionalData: utf8(context) },
    key,
    sealed.subarray(IV_BYTES),
  );
  return Buffer.from(ct);
}

export const sealNote = async (wk: CryptoKey, taskId: string, text: string) =>
  (await sealWith(wk, taskNoteContext(taskId), utf8(text))).toString("base64");
export const openNote = async (wk: CryptoKey, taskId: string, note: string) =>
  (await openWith(wk, taskNoteContext(taskId), Buffer.from(note, "base64"))).toString();

/** A playbook platform's opaque source id, as the executor's browser makes it (decision 099). */
export async function playbookSourceId(wk: CryptoKey, platformId: string) {
  const raw = await subtle.exportKey("raw", wk);
  const mac = await subtle.importKey("raw", raw, { name: "HMAC", hash: "SHA-256" }, false, [
    "sign",
  ]);
  const sig = await subtle.sign("HMAC", mac, utf8(`playbook:${platformId}`));
  return `p-${Buffer.from(sig).toString("base64url").slice(0, 22)}`;
}
