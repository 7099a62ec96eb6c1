import { api, apiBytes } from "@/lib/api-client";
import { uploadFile, type UploadOptions } from "@/lib/upload";

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
export const downloadProof = (ids: ProofIds) => apiBytes(proofPath(ids));

export const removeProof = (ids: ProofIds) =>
  api<{ ok: true }>(proofPath(ids), { method: "DELETE" });
