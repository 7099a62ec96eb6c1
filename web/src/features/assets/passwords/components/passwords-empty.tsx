import { KeyRound, Plus } from "lucide-react";
import { Link } from "react-router";
import { Button } from "@/components/ui/button";

/** No passwords at all, or none whose title matches the search. */
export function PasswordsEmpty({ search, onClear }: { search: string; onClear: () => void }) {
  return (
    <div className="flex flex-col items-center gap-3 px-4 py-10 text-center">
      <KeyRound aria-hidden="true" className="size-10 text-muted-foreground" />
      {search ? (
        <>
          <h2 className="text-lg font-semibold">No passwords found</h2>
          <p className="text-muted-foreground wrap-anywhere">
            No title, username or site contains “{search}”.
          </p>
          <Button variant="outline" onClick={onClear}>
            Clear search
          </Button>
        </>
      ) : (
        <>
          <h2 className="text-lg font-semibold">No passwords yet</h2>
          <p className="max-w-md text-muted-foreground">
            Store the logins your loved ones will need. They are encrypted in your browser before
            they are saved.
          </p>
          <Button asChild>
            <Link to="/vault/new">
              <Plus aria-hidden="true" /> Add Your First Password
            </Link>
          </Button>
        </>
      )}
    </div>
  );
}
