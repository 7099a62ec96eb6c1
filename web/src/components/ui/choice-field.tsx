import { useId, type ReactNode, type Ref } from "react";
import { Label } from "./label";
import { RadioGroup, RadioGroupItem } from "./radio-group";

export type Choice<V extends string> = { value: V; label: string; description?: string };

/**
 * A labelled radio group (the FormField of a choice): the label names the group, each option's
 * description is read with it, and the error is tied to the group for screen readers.
 */
export function ChoiceField<V extends string>({
  label,
  options,
  value,
  onChange,
  error,
  disabled,
  focusRef,
}: {
  label: ReactNode;
  options: readonly Choice<V>[];
  value: V | undefined;
  onChange: (value: V) => void;
  error?: string;
  disabled?: boolean;
  /** Given the first option, so a form library can move focus to the group when it is invalid. */
  focusRef?: Ref<HTMLButtonElement>;
}) {
  const id = useId();
  const errorId = error ? `${id}-error` : undefined;
  return (
    <div className="grid gap-2">
      <span id={`${id}-label`} className="text-sm font-medium leading-none">
        {label}
      </span>
      <RadioGroup
        aria-labelledby={`${id}-label`}
        aria-describedby={errorId}
        aria-invalid={error ? true : undefined}
        value={value ?? ""}
        onValueChange={(v) => onChange(v as V)}
        disabled={disabled}
      >
        {options.map((o, i) => (
          <div
            key={o.value}
            className="flex items-start gap-3 rounded-md border border-border p-3 has-[[data-state=checked]]:border-brand has-[[data-state=checked]]:bg-muted"
          >
            <RadioGroupItem
              ref={i === 0 ? focusRef : undefined}
              value={o.value}
              id={`${id}-${o.value}`}
              aria-describedby={o.description ? `${id}-${o.value}-desc` : undefined}
              className="mt-0.5"
            />
            <div className="grid gap-1">
              <Label htmlFor={`${id}-${o.value}`} className="cursor-pointer">
                {o.label}
              </Label>
              {o.description && (
                <p id={`${id}-${o.value}-desc`} className="text-sm text-muted-foreground">
                  {o.description}
                </p>
              )}
            </div>
          </div>
        ))}
      </RadioGroup>
      {error && (
        <p id={errorId} role="alert" className="text-sm text-destructive">
          {error}
        </p>
      )}
    </div>
  );
}
