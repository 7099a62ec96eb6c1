import { KeyRound, NotebookPen, Vault } from "lucide-react";
import { Link } from "react-router";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";

/** The dashboard's empty state (no assets yet): Add Password and Create Note (spec 02 §2 Dashboard). */
export function EmptyVaultCard() {
  return (
    <Card className="flex flex-col items-center gap-3 p-6 text-center">
      <Vault aria-hidden="true" className="size-10 text-muted-foreground" />
      <h2 className="text-lg font-semibold">Your vault is empty</h2>
      <p className="max-w-md text-muted-foreground">
        Add the passwords and notes your loved ones will need. Everything is encrypted in your
        browser.
      </p>
      <div className="flex flex-wrap justify-center gap-2">
        <Button asChild>
          <Link to="/vault/new">
            <KeyRound aria-hidden="true" /> Add Password
          </Link>
        </Button>
        <Button asChild variant="outline">
          <Link to="/notes/new">
            <NotebookPen aria-hidden="true" /> Create Note
          </Link>
        </Button>
      </div>
    </Card>
  );
}
