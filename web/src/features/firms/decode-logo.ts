/**
 * Whether the browser can decode `file` as an image (a cut-off or damaged file cannot): checked
 * before the upload, so the person hears it at once; the server checks the bytes again.
 */
export async function isDecodableImage(file: Blob): Promise<boolean> {
  try {
    const bitmap = await createImageBitmap(file);
    const hasPixels = bitmap.width > 0 && bitmap.height > 0;
    bitmap.close();
    return hasPixels;
  } catch {
    return false;
  }
}
