import { zodResolver } from "@hookform/resolvers/zod";
import {
  TASK_STATUS_IDS,
  TASK_STATUSES,
  TASKS_MSG,
  type ExecutorTaskView,
} from "@common/executor-tasks";
import { emailSchema } from "@common/auth-schemas";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useForm } from "react-hook-form";
import { z } from "zod";
import { Button } from "@/components/ui/button";
import { FormField } from "@/components/ui/form-field";
import { Input, Textarea } from "@/components/ui/input";
import { NativeSelect } from "@/components/ui/native-select";
import { ApiError, errorMessage } from "@/lib/api-client";
import { toast } from "@/lib/toast";
import { tasksQueryKey } from "../api/list-tasks";
import { updateTask } from "../api/update-task";
import type { OpenedWorkspace } from "../use-workspace";
import { openNote, sealNote } from "../workspace-key";

/** The longest note, in characters (its sealed form fits TASK_NOTE_MAX_BYTES). */
export const TASK_NOTE_MAX_CHARS = 4_000;

const taskFormSchema = z.object({
  status: z.enum(TASK_STATUS_IDS),
  dueDate: z.string().regex(/^(\d{4}-\d{2}-\d{2})?$/, "Enter a date as YYYY-MM-DD"),
  assigneeEmail: z.union([z.literal(""), emailSchema]),
  note: z
    .string()
    .max(
      TASK_NOTE_MAX_CHARS,
      `Keep the note under ${TASK_NOTE_MAX_CHARS.toLocaleString("en-US")} characters`,
    ),
});
type TaskForm = z.infer<typeof taskFormSchema>;

/**
 * The task's note opened with the workspace key ("" for none); an error when it does not open.
 * Idle without the key: the note then stays closed.
 */
function useOpenedNote(task: ExecutorTaskView, ws: OpenedWorkspace | undefined) {
  return useQuery({
    queryKey: ["legacy", "task-note", task.id, task.note],
    queryFn: () => (task.note && ws ? openNote(ws, task.id, task.note) : ""),
    enabled: !task.note || ws !== undefined,
    staleTime: Infinity,
    gcTime: 0, // an opened note leaves memory with the editor
    retry: false,
  });
}

/**
 * One task's status, due date, assignee and note, saved together (decision 099): the note sealed
 * here with the workspace key, so the server keeps only ciphertext. Without the key (not shared
 * with this tab), the note is not shown and cannot change.
 */
export function TaskEditor({
  task,
  ws,
  onSaved,
}: {
  task: ExecutorTaskView;
  ws: OpenedWorkspace | undefined;
  onSaved: () => void;
}) {
  const note = useOpenedNote(task, ws);
  if (note.isLoading) return <p className="text-sm">Opening the note…</p>;
  return (
    <EditorForm task={task} ws={ws} note={note.data} noteFailed={note.isError} onSaved={onSaved} />
  );
}

function EditorForm({
  task,
  ws,
  note,
  noteFailed,
  onSaved,
}: {
  task: ExecutorTaskView;
  ws: OpenedWorkspace | undefined;
  /** The opened note; undefined when this tab cannot open it. */
  note: string | undefined;
  noteFailed: boolean;
  onSaved: () => void;
}) {
  const qc = useQueryClient();
  const canEditNote = ws !== undefined && note !== undefined;
  const defaults: TaskForm = {
    status: task.status,
    dueDate: task.dueDate ?? "",
    assigneeEmail: task.assigneeEmail ?? "",
    note: note ?? "",
  };
  const form = useForm<TaskForm>({
    resolver: zodResolver(taskFormSchema),
    defaultValues: defaults,
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    const input: Parameters<typeof updateTask>[1] = {};
    if (values.status !== defaults.status) input.status = values.status;
    if (values.dueDate !== defaults.dueDate) input.dueDate = values.dueDate || null;
    if (values.assigneeEmail.trim() !== defaults.assigneeEmail)
      input.assigneeEmail = values.assigneeEmail.trim() || null;
    if (canEditNote && values.note !== defaults.note)
      input.note = values.note.trim() ? await sealNote(ws, task.id, values.note) : null;
    if (Object.keys(input).length === 0) return onSaved();
    try {
      await updateTask(task.id, input);
    } catch (err) {
      const message = errorMessage(err, TASKS_MSG.saveFailed);
      if (err instanceof ApiError && message === TASKS_MSG.assigneeUnknown)
        return form.setError("assigneeEmail", { message }, { shouldFocus: true });
      return form.setError("root", { message });
    }
    await qc.invalidateQueries({ queryKey: tasksQueryKey });
    toast.success("Task saved");
    onSaved();
  });

  return (
    <form onSubmit={(e) => void onSubmit(e)} noValidate className="grid gap-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label="Status" error={errors.status?.message}>
          <NativeSelect {...form.register("status")}>
            {TASK_STATUS_IDS.map((s) => (
              <option key={s} value={s}>
                {TASK_STATUSES[s]}
              </option>
            ))}
          </NativeSelect>
        </FormField>
        <FormField label="Due" hint="Optional" error={errors.dueDate?.message}>
          <Input type="date" {...form.register("dueDate")} />
        </FormField>
      </div>
      <FormField
        label="Assigned to"
        hint="Optional: the e-mail address of one of the people they named. That person can mark it done."
        error={errors.assigneeEmail?.message}
      >
        <Input type="email" autoComplete="off" {...form.register("assigneeEmail")} />
      </FormField>
      {canEditNote ? (
        <FormField
          label="Note"
          hint="Only you can read it: it is sealed with your access key."
          error={errors.note?.message}
        >
          <Textarea rows={4} {...form.register("note")} />
        </FormField>
      ) : (
        <p className="text-sm text-muted-foreground">
          {noteFailed
            ? "This task's note cannot be opened: it was changed or sealed with another key."
            : "Notes open only with the workspace key, which this page does not have."}
        </p>
      )}
      {errors.root?.message && (
        <p role="alert" className="text-sm text-destructive">
          {errors.root.message}
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? "Saving…" : "Save the task"}
        </Button>
        <Button type="button" variant="outline" onClick={onSaved} disabled={isSubmitting}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
