import { GCM_OVERHEAD_BYTES } from "@common/ciphertext";
import {
  TASK_PROOF_MAX_BYTES,
  TASK_PROOFS_MAX,
  TASKS_MSG,
  type ExecutorTaskView,
} from "@common/executor-tasks";
import { useQueryClient } from "@tanstack/react-query";
import { useId, useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { Progress } from "@/components/ui/progress";
import { saveBlob } from "@/features/assets/save-blob";
import { errorMessage } from "@/lib/api-client";
import { formatDate, formatFileSize, formatPercent } from "@/lib/format";
import { toast } from "@/lib/toast";
import { tasksQueryKey } from "../api/list-tasks";
import { downloadProof, removeProof, uploadProof } from "../api/task-proofs";
import type { OpenedWorkspace } from "../use-workspace";
import { openProof, sealProof } from "../workspace-key";

/** Room for the sealed header (file name and type) inside a proof's limit. */
const HEADER_ROOM_BYTES = 1024;
const PROOF_FILE_MAX_BYTES = TASK_PROOF_MAX_BYTES - GCM_OVERHEAD_BYTES - HEADER_ROOM_BYTES;

/**
 * A task's proofs (a letter, a screenshot): sealed here with the workspace key before they leave
 * the browser, opened here on download under their own names (the server sees sizes only).
 */
export function TaskProofs({ task, ws }: { task: ExecutorTaskView; ws: OpenedWorkspace }) {
  const qc = useQueryClient();
  const inputId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [busyId, setBusyId] = useState<string | null>(null);
  const [failure, setFailure] = useState<string>();
  const isFull = task.proofs.length >= TASK_PROOFS_MAX;

  const refresh = () => qc.invalidateQueries({ queryKey: tasksQueryKey });

  const add = async (file: File) => {
    setFailure(undefined);
    if (file.size > PROOF_FILE_MAX_BYTES) return setFailure(TASKS_MSG.proofTooLarge);
    const ids = { taskId: task.id, proofId: crypto.randomUUID() };
    setProgress(0);
    try {
      const sealed = await sealProof(ws, ids, file);
      await uploadProof(ids, sealed, { onProgress: setProgress });
      await refresh();
      toast.success(`Added ${file.name}`);
    } catch (err) {
      setFailure(errorMessage(err, "The proof could not be added. Please try again."));
    } finally {
      setProgress(null);
      if (inputRef.current) inputRef.current.value = "";
    }
  };

  const open = async (proofId: string) => {
    setFailure(undefined);
    setBusyId(proofId);
    try {
      const ids = { taskId: task.id, proofId };
      const { name, blob } = await openProof(ws, ids, await downloadProof(ids));
      saveBlob(blob, name);
    } catch (err) {
      setFailure(errorMessage(err, "The proof could not be opened. Please try again."));
    } finally {
      setBusyId(null);
    }
  };

  const remove = async (proofId: string) => {
    setFailure(undefined);
    setBusyId(proofId);
    try {
      await removeProof({ taskId: task.id, proofId });
      await refresh();
      toast.success("Proof removed");
    } catch (err) {
      setFailure(errorMessage(err, "The proof could not be removed. Please try again."));
    } finally {
      setBusyId(null);
    }
  };

  return (
    <section className="grid gap-2" aria-label="Proofs">
      <h3 className="text-sm font-medium">Proofs</h3>
      {task.proofs.length === 0 ? (
        <p className="text-sm text-muted-foreground">
          None yet: add a letter or a screenshot that shows it was done.
        </p>
      ) : (
        <ul className="grid gap-1 text-sm">
          {task.proofs.map((p, i) => (
            <li key={p.id} className="flex flex-wrap items-center gap-x-3 gap-y-1">
              <span>
                Proof {i + 1}, {formatFileSize(p.size)}, added {formatDate(p.createdAt)}
              </span>
              <Button
                type="button"
                size="sm"
                variant="outline"
                disabled={busyId !== null}
                onClick={() => void open(p.id)}
                aria-label={`Download proof ${i + 1}`}
              >
                {busyId === p.id ? "Working…" : "Download"}
              </Button>
              <Button
                type="button"
                size="sm"
                variant="ghost"
                disabled={busyId !== null}
                onClick={() => void remove(p.id)}
                aria-label={`Remove proof ${i + 1}`}
              >
                Remove
              </Button>
            </li>
          ))}
        </ul>
      )}
      {progress !== null ? (
        <div className="grid gap-1" role="status">
          <p className="text-sm">Sealing and sending the proof… {formatPercent(progress)}</p>
          <Progress value={progress * 100} aria-label="Proof upload" />
        </div>
      ) : (
        <div>
          <label htmlFor={inputId} className="text-sm font-medium">
            {isFull ? `A task holds at most ${TASK_PROOFS_MAX} proofs` : "Add a proof"}
          </label>
          <input
            id={inputId}
            ref={inputRef}
            type="file"
            disabled={isFull || busyId !== null}
            className="mt-1 block w-full text-sm file:mr-3 file:rounded-md file:border file:border-border file:bg-card file:px-3 file:py-1.5"
            onChange={(e) => {
              const file = e.target.files?.[0];
              if (file) void add(file);
            }}
          />
        </div>
      )}
      {failure && (
        <p role="alert" className="text-sm text-destructive">
          {failure}
        </p>
      )}
    </section>
  );
}
