import { Eye, EyeOff } from "lucide-react";
import { useState, type ComponentProps } from "react";
import { Input } from "@/components/ui/input";

/**
 * A password input with a Show/Hide button. Use it as FormField's child: the id, aria-invalid
 * and aria-describedby that FormField adds land on the input itself.
 */
export function SecretInput({ className, ...props }: Omit<ComponentProps<"input">, "type">) {
  const [isShown, setIsShown] = useState(false);
  return (
    <div className="relative">
      <Input
        {...props}
        type={isShown ? "text" : "password"}
        spellCheck={false}
        className={`pr-11 font-mono ${className ?? ""}`}
      />
      <button
        type="button"
        onClick={() => setIsShown((v) => !v)}
        className="absolute top-1 right-1 flex size-8 items-center justify-center rounded-md text-foreground-soft hover:bg-muted focus-visible:outline-3 focus-visible:outline-ring"
      >
        {isShown ? (
          <EyeOff aria-hidden="true" className="size-4" />
        ) : (
          <Eye aria-hidden="true" className="size-4" />
        )}
        <span className="sr-only">{isShown ? "Hide password" : "Show password"}</span>
      </button>
    </div>
  );
}
