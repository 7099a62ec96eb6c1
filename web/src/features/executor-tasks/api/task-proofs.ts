import { api, ApiError } from "@/lib/api-client";
import { toApiError, uploadFile, type UploadOptions } from "@/lib/upload";

type ProofIds = { taskId: string; proofId: string };

const proofPath = ({ taskId, proofId }: ProofIds) =>
  `/api/legacy/tasks/${encodeURIComponent(taskId)}/proofs/${encodeURIComponent(proofId)}`;

/** A proof sealed in the browser, sent as it is (413 over the limit, 400 past the tenth). */
export const uploadProof = (
  ids: ProofIds,
  sealed: Blob,
  options: Pick<UploadOptions, "onProgress" | "signal"> = {},
) =>
  uploadFile<{ proof: { id: string; size: number; createdAt: string } }>(proofPath(ids), sealed, {
    ...options,
    headers: { "content-type": "application/octet-stream" },
  });

/** A proof's sealed bytes; the caller opens them with the workspace key. */
export async function downloadProof(ids: ProofIds): Promise<Uint8Array> {
  let res: Response;
  try {
    res = await fetch(proofPath(ids), { credentials: "same-origin", cache: "no-store" });
  } catch {
    throw new ApiError(
      0,
      "NETWORK",
      "Could not reach the server. Check your connection and try again.",
    );
  }
  if (!res.ok) throw toApiError(res.status, await res.text());
  return new Uint8Array(await res.arrayBuffer());
}

export const removeProof = (ids: ProofIds) =>
  api<{ ok: true }>(proofPath(ids), { method: "DELETE" });
