import { ApiError } from "@/lib/api-client";

/** A person verifier opens the report's document with their session (POST: the session stays out of the URL). */
export async function getDocumentAsVerifier(a: { session: string; verifierId: string }) {
  const res = await fetch("/api/verifier/report/document", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(a),
  });
  if (!res.ok) throw new ApiError(res.status, "DOCUMENT", "The document could not be opened");
  return res.blob();
}
