/** Bytes for the file checks' component tests: what a browser is handed, by content. */

export const MB = 1024 * 1024;

/** A Windows executable's first bytes ("MZ", the DOS stub), renamed by the test. */
export const exe = () =>
  new Uint8Array([0x4d, 0x5a, 0x90, 0x00, 0x03, 0x00, 0x00, 0x00, 0x04, 0x00]);

/** `size` bytes that start like a PDF (the browser checks content, then size). */
export const pdfOf = (size: number) => {
  const bytes = new Uint8Array(size).fill(0x41);
  bytes.set(new TextEncoder().encode("%PDF-1.4\n"));
  return bytes;
};
