import type { AssetFileKind } from "@common/vault-constants";
import { useEffect, useState } from "react";
import { downloadAssetFile, type DownloadProgress } from "./api/download-asset-file";

export type AssetFileSource = { assetId: string; kind: AssetFileKind; contentKey: CryptoKey; contentType: string };
type State = { url: string | null; progress: DownloadProgress | null; error: unknown };

/**
 * An asset's file, downloaded and decrypted, as an object URL for an <audio> or <img>; the URL
 * is revoked (and a running download aborted) on unmount. Key the component by the source to start over.
 */
export function useAssetFileUrl(source: AssetFileSource | null): State {
  const [state, setState] = useState<State>({ url: null, progress: null, error: null });
  const { assetId, kind, contentKey, contentType } = source ?? {};
  useEffect(() => {
    if (!assetId || !kind || !contentKey || !contentType) return;
    const controller = new AbortController();
    let url: string | null = null;
    downloadAssetFile({
      assetId,
      kind,
      contentKey,
      contentType,
      signal: controller.signal,
      onProgress: (progress) => setState((s) => ({ ...s, progress })),
    }).then(
      (blob) => {
        if (controller.signal.aborted) return;
        url = URL.createObjectURL(blob);
        setState({ url, progress: null, error: null });
      },
      (error: unknown) => {
        if (!controller.signal.aborted) setState({ url: null, progress: null, error });
      },
    );
    return () => {
      controller.abort();
      if (url) URL.revokeObjectURL(url);
    };
  }, [assetId, kind, contentKey, contentType]);
  return state;
}
