import { Eye, EyeOff } from "lucide-react";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { maskPassword } from "../password-display";

/** The stored password, masked with at most 12 dots until Show is pressed. */
export function MaskedPassword({ password }: { password: string }) {
  const [isShown, setIsShown] = useState(false);
  return (
    <>
      <span className="min-w-0 flex-1 self-center font-mono wrap-anywhere">
        {isShown ? (
          password
        ) : (
          <>
            <span aria-hidden="true" className="tracking-widest">
              {maskPassword(password)}
            </span>
            <span className="sr-only">Hidden</span>
          </>
        )}
      </span>
      <Button
        type="button"
        variant="outline"
        size="icon"
        title={isShown ? "Hide password" : "Show password"}
        onClick={() => setIsShown((v) => !v)}
        className="shrink-0"
      >
        {isShown ? <EyeOff aria-hidden="true" /> : <Eye aria-hidden="true" />}
        <span className="sr-only">{isShown ? "Hide password" : "Show password"}</span>
      </Button>
    </>
  );
}
