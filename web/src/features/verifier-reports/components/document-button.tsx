import { useState } from "react";
import { linkLook } from "@/components/looks";
import { errorMessage } from "@/lib/api-client";
import { getDocumentAsVerifier } from "../api/get-document-as-verifier";

const EXTENSION: Record<string, string> = {
  "application/pdf": "pdf",
  "image/png": "png",
  "image/jpeg": "jpg",
};

/** A verifier without an account opens the report's document: fetched with their session, then saved. */
export function DocumentButton({ session, verifierId }: { session: string; verifierId: string }) {
  const [error, setError] = useState<string>();
  const open = async () => {
    setError(undefined);
    try {
      const blob = await getDocumentAsVerifier({ session, verifierId });
      const url = URL.createObjectURL(blob);
      const a = document.createElement("a");
      a.href = url;
      a.download = `report-document.${EXTENSION[blob.type] ?? "pdf"}`;
      a.click();
      setTimeout(() => URL.revokeObjectURL(url), 60_000);
    } catch (err) {
      setError(errorMessage(err, "The document could not be opened"));
    }
  };
  return (
    <span>
      <button type="button" className={linkLook} onClick={() => void open()}>
        Open the document
      </button>
      {error && <span className="block text-destructive">{error}</span>}
    </span>
  );
}
