import type { ExecutorEstateView } from "@common/executor-tasks";
import { PLAYBOOK } from "@common/playbook";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { ApiError } from "@/lib/api-client";
import { saveWorkspaceKey } from "./api/save-workspace-key";
import { tasksQueryKey } from "./api/list-tasks";
import {
  needsAccessKey,
  openWorkspace,
  playbookSourceId,
  workspaceKeyIdOf,
  WrongWorkspaceKeyError,
  type Workspace,
} from "./workspace-key";

export type OpenedWorkspace = Workspace & {
  /** A playbook task's sealed reference -> the platform's id (only this key can tell them apart). */
  platformOf: Map<string, string>;
};

/** The portal's access keys, as the route hands them to the workspace (they live in features/legacy). */
export type AccessKeys = {
  /** The access key this tab holds for a beneficiary key. */
  get: (keyId: string) => Uint8Array | undefined;
  /** Changes each time the tab's access keys change. */
  version: number;
  /**
   * Whether `accessKey` opens what was left under that beneficiary key (an item's key); null when
   * nothing listed can tell.
   */
  check: (keyId: string, accessKey: Uint8Array) => Promise<boolean | null>;
  /** What was typed or pasted as an access key for `keyId`; null when it is not one for it. */
  read: (text: string, keyId: string) => Uint8Array | null;
  remember: (keyId: string, accessKey: Uint8Array) => void;
  forget: (keyId: string) => void;
};

/**
 * The estate's workspace key, opened (or made, by the first executor) in this tab with the access
 * key it holds; idle while it holds none. Before a new key is made, the access key is tried on an
 * item it should open: a mistyped key would otherwise lock the workspace for good. A key another
 * executor made first (409) reloads the estate, which then says it is not shared. Under the
 * portal's query key (sign-out forgets it), kept only while the workspace is on screen.
 */
export function useWorkspace(estate: ExecutorEstateView, keys: AccessKeys) {
  const qc = useQueryClient();
  const view = estate.workspaceKey;
  const keyId = workspaceKeyIdOf(view);
  const accessKey = keyId ? keys.get(keyId) : undefined;
  const reloadEstate = () => qc.invalidateQueries({ queryKey: tasksQueryKey, exact: true });
  return useQuery({
    queryKey: ["legacy", "workspace", estate.ownerId, view.state, keys.version],
    queryFn: async (): Promise<OpenedWorkspace> => {
      if (view.state === "create" && keyId && accessKey && view.escrowShare === null)
        if ((await keys.check(keyId, accessKey)) === false) throw new WrongWorkspaceKeyError();
      const ws = await openWorkspace({
        ownerId: estate.ownerId,
        view,
        accessKey,
        save: (input) =>
          saveWorkspaceKey({ ownerId: estate.ownerId, ...input }).then(
            () => void reloadEstate(),
            (err: unknown) => {
              if (err instanceof ApiError && err.status === 409) void reloadEstate();
              throw err;
            },
          ),
      });
      const ids = await Promise.all(PLAYBOOK.map((p) => playbookSourceId(ws, p.id)));
      return { ...ws, platformOf: new Map(ids.map((id, i) => [id, PLAYBOOK[i]!.id])) };
    },
    enabled: keyId !== null && !needsAccessKey(view, accessKey),
    // the key just made, while the estate reloads with its wrap: the same key, no flicker
    placeholderData: (previous) => previous,
    retry: false,
    staleTime: Infinity,
    gcTime: 0,
    structuralSharing: false,
  });
}
