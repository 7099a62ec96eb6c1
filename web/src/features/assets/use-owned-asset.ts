import type { AssetType } from "@common/assets";
import { useEffect } from "react";
import { useNavigate } from "react-router";
import { ApiError } from "@/lib/api-client";
import { toast } from "@/lib/toast";
import { useOpenAsset } from "./api/get-asset";
import { useMarkAssetUsed } from "./api/mark-asset-used";

/**
 * One asset of `type`, opened (decrypted) for its detail page. Spec 02 §2: when it is missing,
 * not the user's (the server answers 404 for both) or of another type, the page goes back to
 * the list with a toast. A DecryptError stays on the page as `error`. Opening it counts as a use.
 */
export function useOwnedAsset<T extends AssetType>(
  id: string,
  type: T,
  { listPath, notFound }: { listPath: string; notFound: string },
) {
  const opened = useOpenAsset<T>(id);
  const navigate = useNavigate();
  const err = opened.error;
  const isGone =
    (err instanceof ApiError && (err.status === 404 || err.status === 400)) ||
    (!!opened.data && opened.data.asset.type !== type);
  useEffect(() => {
    if (!isGone) return;
    toast.error(notFound, { id: `${type}-not-found` });
    navigate(listPath, { replace: true });
  }, [isGone, notFound, listPath, navigate, type]);
  // Opened by its owner: "recently used" (at most once a minute per item).
  const markUsed = useMarkAssetUsed();
  const isOpened = !!opened.data && !isGone;
  useEffect(() => {
    if (isOpened) markUsed(id);
  }, [isOpened, id, markUsed]);
  return { ...opened, isGone, data: isGone ? undefined : opened.data, error: isGone ? null : err };
}
