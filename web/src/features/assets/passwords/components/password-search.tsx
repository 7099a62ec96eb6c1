import { Search, X } from "lucide-react";
import { useRef } from "react";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";

/** Search by title, username and site: the list filters as you type (all of it is in the browser, decrypted). */
export function PasswordSearch({
  value,
  onChange,
}: {
  value: string;
  onChange: (value: string) => void;
}) {
  const inputRef = useRef<HTMLInputElement>(null);
  return (
    <form
      role="search"
      onSubmit={(e) => e.preventDefault()}
      className="relative w-full sm:max-w-sm"
    >
      <FormField label="Search passwords">
        <Input
          ref={inputRef}
          type="search"
          value={value}
          onChange={(e) => onChange(e.target.value)}
          placeholder="Title, username or site"
          autoComplete="off"
          className="pr-10 pl-9 [&::-webkit-search-cancel-button]:hidden"
        />
      </FormField>
      <Search
        aria-hidden="true"
        className="pointer-events-none absolute bottom-3 left-3 size-4 text-muted-foreground"
      />
      {value && (
        <button
          type="button"
          onClick={() => {
            onChange("");
            inputRef.current?.focus();
          }}
          className="absolute right-1 bottom-1 flex size-8 items-center justify-center rounded-md text-foreground-soft hover:bg-muted"
        >
          <X aria-hidden="true" className="size-4" />
          <span className="sr-only">Clear search</span>
        </button>
      )}
    </form>
  );
}
