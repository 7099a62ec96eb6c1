/** Long enough for the browser to start saving before the URL goes away. */
const REVOKE_AFTER_MS = 10_000;

/** Hands a decrypted file to the browser's download under its original name (an object URL, revoked shortly after). */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName;
  link.rel = "noopener";
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), REVOKE_AFTER_MS);
}
