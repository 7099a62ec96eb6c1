import { useEffect, useState } from "react";
import { downloadAssetFile, type DownloadProgress } from "./api/download-asset-file";

/** Where a file's ciphertext is (see DownloadAssetFileInput), its key and its plaintext's type. */
export type AssetFileSource = { url: string; contentKey: CryptoKey; contentType: string };
type State = { url: string | null; progress: DownloadProgress | null; error: unknown };

/**
 * An asset's file, downloaded and decrypted, as an object URL for an <audio> or <img>; the URL
 * is revoked (and a running download aborted) on unmount. Key the component by the source to start over.
 */
export function useAssetFileUrl(source: AssetFileSource | null): State {
  const [state, setState] = useState<State>({ url: null, progress: null, error: null });
  const { url, contentKey, contentType } = source ?? {};
  useEffect(() => {
    if (!url || !contentKey || !contentType) return;
    const controller = new AbortController();
    let objectUrl: string | null = null;
    downloadAssetFile({
      url,
      contentKey,
      contentType,
      signal: controller.signal,
      onProgress: (progress) => setState((s) => ({ ...s, progress })),
    }).then(
      (blob) => {
        if (controller.signal.aborted) return;
        objectUrl = URL.createObjectURL(blob);
        setState({ url: objectUrl, progress: null, error: null });
      },
      (error: unknown) => {
        if (!controller.signal.aborted) setState({ url: null, progress: null, error });
      },
    );
    return () => {
      controller.abort();
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [url, contentKey, contentType]);
  return state;
}
