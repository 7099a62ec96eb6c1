import type { ComponentProps } from "react";
import { Input } from "./ui/input";

/** The field a beneficiary types or pastes an access key into: no autocomplete, capitals or spelling help. */
export function AccessKeyInput(props: Omit<ComponentProps<typeof Input>, "type">) {
  return (
    <Input
      type="text"
      autoComplete="off"
      autoCapitalize="none"
      autoCorrect="off"
      spellCheck={false}
      {...props}
    />
  );
}
