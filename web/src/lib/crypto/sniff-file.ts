/** A file's type recognised by its first bytes (never by its name alone), for the vault's upload rules. */
export type SniffedType =
  "pdf" | "png" | "jpeg" | "gif" | "zip-office" | "ole-office" | "webm" | "text" | null;

const startsWith = (b: Uint8Array, sig: number[]) => sig.every((v, i) => b[i] === v);

export async function sniffFile(file: Blob): Promise<SniffedType> {
  const head = new Uint8Array(await file.slice(0, 512).arrayBuffer());
  if (startsWith(head, [0x25, 0x50, 0x44, 0x46])) return "pdf";
  if (startsWith(head, [0x89, 0x50, 0x4e, 0x47])) return "png";
  if (startsWith(head, [0xff, 0xd8, 0xff])) return "jpeg";
  if (startsWith(head, [0x47, 0x49, 0x46, 0x38])) return "gif";
  if (startsWith(head, [0x50, 0x4b, 0x03, 0x04])) return "zip-office"; // docx, xlsx, pptx
  if (startsWith(head, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])) return "ole-office"; // doc, xls, ppt
  if (startsWith(head, [0x1a, 0x45, 0xdf, 0xa3])) return "webm";
  return head.every((c) => c === 0x09 || c === 0x0a || c === 0x0d || (c >= 0x20 && c !== 0x7f)) ||
    isUtf8(head)
    ? "text"
    : null;
}

function isUtf8(b: Uint8Array): boolean {
  try {
    new TextDecoder("utf-8", { fatal: true }).decode(b.length === 512 ? b.subarray(0, 508) : b);
    return !b.includes(0);
  } catch {
    return false;
  }
}
