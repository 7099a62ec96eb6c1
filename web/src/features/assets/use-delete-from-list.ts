import type { OpenedAssetView } from "./titles/open-titles";
import type { RefObject } from "react";
import { errorMessage } from "@/lib/api-client";
import { toast } from "@/lib/toast";
import { useDeleteAsset } from "./api/delete-asset";

/**
 * Deleting a row of a list (documents, notes): a toast either way; focus goes to the page title
 * after the row is gone. `deletingId` is the row being deleted.
 */
export function useDeleteFromList({
  deleted,
  failed,
  titleRef,
}: {
  deleted: string;
  failed: string;
  titleRef: RefObject<HTMLHeadingElement | null>;
}) {
  const remove = useDeleteAsset();
  const onDelete = (asset: OpenedAssetView) =>
    remove.mutate(asset.id, {
      onSuccess: () => {
        toast.success(deleted);
        titleRef.current?.focus();
      },
      onError: (err) => toast.error(errorMessage(err, failed)),
    });
  return { onDelete, deletingId: remove.isPending ? remove.variables : undefined };
}
