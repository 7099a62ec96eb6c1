import { ATTESTATION_DOCUMENT_TYPES, RELEASE_UI_MSG } from "@common/release";
import { extensionOf } from "@/features/assets/check-file";
import { sniffFile, type SniffedType } from "@/lib/crypto/sniff-file";

const SIGNATURE: Record<string, SniffedType> = {
  "application/pdf": "pdf",
  "image/jpeg": "jpeg",
  "image/png": "png",
};

/** The file input's `accept`: ".pdf,.jpg,.jpeg,.png". */
export const ATTESTATION_ACCEPT = ATTESTATION_DOCUMENT_TYPES.flatMap((r) =>
  r.extensions.map((e) => `.${e}`),
).join(",");

export type AttestationDocument = { file: File; contentType: string };

/** The document with its type when it is a PDF, JPG or PNG by name AND content and within the size limit; otherwise the message. */
export async function checkAttestationDocument(
  file: File,
): Promise<{ ok: true; document: AttestationDocument } | { ok: false; error: string }> {
  const rule = ATTESTATION_DOCUMENT_TYPES.find((r) =>
    r.extensions.includes(extensionOf(file.name)),
  );
  try {
    if (rule && (await sniffFile(file)) === SIGNATURE[rule.type] && file.size <= rule.maxBytes)
      return { ok: true, document: { file, contentType: rule.type } };
  } catch {
    // unreadable: refused like any other file that is not a PDF, JPG or PNG
  }
  return { ok: false, error: RELEASE_UI_MSG.documentInvalid };
}
