import { Search, X } from "lucide-react";
import { useEffect, useRef, useState, type FormEvent } from "react";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";

const DEBOUNCE_MS = 300;

/** The search box (name or e-mail, matched by the server): searches 300 ms after the last keystroke, or at once on Enter or clear. */
export function ClientSearch({
  value,
  onSearch,
}: {
  value: string;
  onSearch: (search: string) => void;
}) {
  const [text, setText] = useState(value);
  const [seen, setSeen] = useState(value);
  const inputRef = useRef<HTMLInputElement>(null);
  // The URL changed by itself (back/forward): show its search.
  if (value !== seen) {
    setSeen(value);
    if (value !== text.trim()) setText(value);
  }

  useEffect(() => {
    const q = text.trim();
    if (q === value) return;
    const timer = setTimeout(() => onSearch(q), DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, value, onSearch]);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onSearch(text.trim());
  };
  const onClear = () => {
    setText("");
    onSearch("");
    inputRef.current?.focus();
  };

  return (
    <form role="search" onSubmit={onSubmit} className="relative w-full sm:max-w-sm">
      <FormField label="Search clients">
        <Input
          ref={inputRef}
          type="search"
          value={text}
          onChange={(e) => setText(e.target.value)}
          placeholder="Name or email"
          autoComplete="off"
          className="pr-10 pl-9 [&::-webkit-search-cancel-button]:hidden"
        />
      </FormField>
      <Search
        aria-hidden="true"
        className="pointer-events-none absolute bottom-3 left-3 size-4 text-muted-foreground"
      />
      {text && (
        <button
          type="button"
          onClick={onClear}
          className="absolute right-1 bottom-1 flex size-8 items-center justify-center rounded-md text-foreground-soft hover:bg-muted"
        >
          <X aria-hidden="true" className="size-4" />
          <span className="sr-only">Clear search</span>
        </button>
      )}
    </form>
  );
}
