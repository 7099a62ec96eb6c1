import { Search } from "lucide-react";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";

/** The search box of the documents, notes and estate inventory lists: filters as you type. */
export function AssetSearch({
  label,
  value,
  onChange,
  placeholder = "Search by title",
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  placeholder?: string;
}) {
  return (
    <form
      role="search"
      onSubmit={(e) => e.preventDefault()}
      className="relative w-full sm:max-w-sm"
    >
      <FormField label={label}>
        <Input
          type="search"
          value={value}
          onChange={(e) => onChange(e.target.value)}
          placeholder={placeholder}
          autoComplete="off"
          className="pl-9"
        />
      </FormField>
      <Search
        aria-hidden="true"
        className="pointer-events-none absolute bottom-3 left-3 size-4 text-muted-foreground"
      />
    </form>
  );
}

/** Titles containing the search, case-insensitive. */
export const matchesTitle = (title: string, search: string) =>
  title.toLowerCase().includes(search.trim().toLowerCase());
