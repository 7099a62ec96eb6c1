import {
  taskNoteContext,
  taskProofContext,
  workspaceKeyContext,
  type WorkspaceKeyView,
} from "@common/executor-tasks";
import {
  combineShares,
  importBeneficiaryKey,
  randomShare,
  unwrapRaw,
  wrapRaw,
} from "@/lib/crypto/beneficiary-keys";
import {
  decryptBytes,
  decryptText,
  DecryptError,
  encryptBytes,
  encryptText,
  fromBase64,
  toBase64,
} from "@/lib/crypto/vault-crypto";

/**
 * The estate's workspace key WK in the executor's browser (docs/decisions/099): an AES-GCM key for
 * the tasks' notes and proofs, and an HMAC key from the same bytes for the playbook's sealed
 * references. Neither can be exported.
 */
export type Workspace = { key: CryptoKey; mac: CryptoKey };

/** The access key this tab holds does not open the workspace key (another person's, or replaced). */
export class WrongWorkspaceKeyError extends Error {
  constructor() {
    super("This access key does not open the workspace");
  }
}

async function importWorkspace(raw: Uint8Array): Promise<Workspace> {
  const bytes = new Uint8Array(raw);
  const [key, mac] = await Promise.all([
    crypto.subtle.importKey("raw", bytes, { name: "AES-GCM" }, false, ["encrypt", "decrypt"]),
    crypto.subtle.importKey("raw", bytes, { name: "HMAC", hash: "SHA-256" }, false, ["sign"]),
  ]);
  bytes.fill(0);
  return { key, mac };
}

/** The key's shares: the server's, and the escrowed access key or the one this tab holds. */
function beneficiaryKeyOf(
  serverShare: string,
  escrowShare: string | null,
  accessKey: Uint8Array | undefined,
): Promise<CryptoKey> | null {
  const share = escrowShare === null ? accessKey : fromBase64(escrowShare);
  if (!share) return null;
  return importBeneficiaryKey(combineShares(fromBase64(serverShare), share));
}

/** The key id whose access key opens (or makes) this estate's workspace key; null when none can. */
export const workspaceKeyIdOf = (view: WorkspaceKeyView): string | null =>
  view.state === "wrapped"
    ? view.key.beneficiaryKeyId
    : view.state === "create"
      ? view.beneficiaryKeyId
      : null;

/** Whether the workspace needs an access key this tab does not hold. */
export function needsAccessKey(view: WorkspaceKeyView, accessKey: Uint8Array | undefined) {
  const escrow =
    view.state === "wrapped"
      ? view.key.escrowShare
      : view.state === "create"
        ? view.escrowShare
        : null;
  return workspaceKeyIdOf(view) !== null && escrow === null && accessKey === undefined;
}

/**
 * Opens WK from its wrap, or (the first executor) makes it: 32 random bytes wrapped under
 * BK = server share XOR access key, `task-workspace:<owner id>` as additional data, handed to
 * `save` before it is used, so that no note is sealed under a key the server does not keep.
 * Throws WrongWorkspaceKeyError when the access key does not open it, and DecryptError when an
 * escrowed share does not (the stored bytes were changed).
 */
export async function openWorkspace({
  ownerId,
  view,
  accessKey,
  save,
}: {
  ownerId: string;
  view: WorkspaceKeyView;
  accessKey: Uint8Array | undefined;
  save: (input: { beneficiaryKeyId: string; wrappedKey: string }) => Promise<unknown>;
}): Promise<Workspace> {
  const context = workspaceKeyContext(ownerId);
  if (view.state === "wrapped") {
    const bk = beneficiaryKeyOf(view.key.serverShare, view.key.escrowShare, accessKey);
    if (!bk) throw new WrongWorkspaceKeyError();
    try {
      return await importWorkspace(
        await unwrapRaw(await bk, fromBase64(view.key.wrappedKey), context),
      );
    } catch (err) {
      if (!(err instanceof DecryptError)) throw err;
      throw view.key.escrowShare === null ? new WrongWorkspaceKeyError() : err;
    }
  }
  if (view.state !== "create") throw new WrongWorkspaceKeyError();
  const bk = beneficiaryKeyOf(view.serverShare, view.escrowShare, accessKey);
  if (!bk) throw new WrongWorkspaceKeyError();
  const raw = randomShare();
  const wrapped = await wrapRaw(await bk, raw, context);
  await save({ beneficiaryKeyId: view.beneficiaryKeyId, wrappedKey: toBase64(wrapped) });
  return importWorkspace(raw);
}

/** A playbook platform's sealed reference: "p-" and 22 base64url characters of HMAC(WK, "playbook:<id>"). */
export async function playbookSourceId(ws: Workspace, platformId: string): Promise<string> {
  const mac = new Uint8Array(
    await crypto.subtle.sign("HMAC", ws.mac, new TextEncoder().encode(`playbook:${platformId}`)),
  );
  const base64url = toBase64(mac).replaceAll("+", "-").replaceAll("/", "_").replace(/=+$/, "");
  return `p-${base64url.slice(0, 22)}`;
}

export const sealNote = async (ws: Workspace, taskId: string, text: string) =>
  toBase64(await encryptText(ws.key, text, taskNoteContext(taskId)));

export const openNote = (ws: Workspace, taskId: string, sealed: string) =>
  decryptText(ws.key, fromBase64(sealed), taskNoteContext(taskId));

/** What a proof's sealed body starts with: its file name and type (then the file's bytes). */
type ProofHeader = { name: string; type: string };
const te = new TextEncoder();
const HEADER_LENGTH_BYTES = 4;

/**
 * A proof sealed under WK with `task-proof:<task id>:<proof id>`: a 4-byte length, the JSON
 * {name, type}, then the file, so its name comes back with it and the server never sees it.
 */
export async function sealProof(
  ws: Workspace,
  ids: { taskId: string; proofId: string },
  file: File,
): Promise<Blob> {
  const header = te.encode(
    JSON.stringify({ name: file.name, type: file.type } satisfies ProofHeader),
  );
  const body = new Uint8Array(HEADER_LENGTH_BYTES + header.length + file.size);
  new DataView(body.buffer).setUint32(0, header.length);
  body.set(header, HEADER_LENGTH_BYTES);
  body.set(new Uint8Array(await file.arrayBuffer()), HEADER_LENGTH_BYTES + header.length);
  const sealed = await encryptBytes(ws.key, body, taskProofContext(ids.taskId, ids.proofId));
  return new Blob([sealed], { type: "application/octet-stream" });
}

/** The file sealProof sealed, under its own name; DecryptError when anything was changed. */
export async function openProof(
  ws: Workspace,
  ids: { taskId: string; proofId: string },
  sealed: Uint8Array,
): Promise<{ name: string; blob: Blob }> {
  const body = await decryptBytes(ws.key, sealed, taskProofContext(ids.taskId, ids.proofId));
  if (body.length < HEADER_LENGTH_BYTES) throw new DecryptError();
  const length = new DataView(body.buffer, body.byteOffset).getUint32(0);
  if (HEADER_LENGTH_BYTES + length > body.length) throw new DecryptError();
  let header: ProofHeader;
  try {
    header = JSON.parse(
      new TextDecoder().decode(body.subarray(HEADER_LENGTH_BYTES, HEADER_LENGTH_BYTES + length)),
    ) as ProofHeader;
  } catch {
    throw new DecryptError();
  }
  const name = typeof header.name === "string" && header.name ? header.name : "proof";
  const type = typeof header.type === "string" ? header.type : "";
  return {
    name,
    blob: new Blob([body.subarray(HEADER_LENGTH_BYTES + length)], { type }),
  };
}
