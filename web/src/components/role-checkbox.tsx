import { useId, type ComponentProps } from "react";

/**
 * A checkbox with its label and a line that says what it does: a person's role on their form, the
 * "For my legal contact" mark on a document (decision 091). Takes react-hook-form's register().
 */
export function RoleCheckbox({
  label,
  hint,
  ...input
}: { label: string; hint: string } & Omit<ComponentProps<"input">, "type">) {
  const id = useId();
  const [labelId, hintId] = [`${id}-label`, `${id}-hint`];
  return (
    <label className="flex cursor-pointer items-start gap-3 rounded-md border border-border p-3 hover:bg-muted has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring">
      <input
        type="checkbox"
        className="mt-0.5 size-4 shrink-0 accent-brand"
        aria-labelledby={labelId}
        aria-describedby={hintId}
        {...input}
      />
      <span className="grid gap-0.5">
        <span id={labelId} className="text-sm font-medium">
          {label}
        </span>
        <span id={hintId} className="text-xs text-muted-foreground">
          {hint}
        </span>
      </span>
    </label>
  );
}
