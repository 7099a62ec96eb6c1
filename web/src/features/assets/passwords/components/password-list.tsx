import { KeyRound, Trash2, UserRound } from "lucide-react";
import { Link } from "react-router";
import { Button } from "@/components/ui/button";
import type { AssetView } from "@common/assets";
import { formatDate } from "@/lib/format-date";

/** The passwords as the list shows them: metadata only (title, beneficiary, date), never content. */
export function PasswordList({
  passwords,
  onDelete,
}: {
  passwords: AssetView[];
  onDelete: (password: AssetView) => void;
}) {
  return (
    <ul aria-label="Passwords" className="divide-y divide-border">
      {passwords.map((p) => (
        <li key={p.id} className="flex items-center gap-3 px-2 py-3 sm:px-4">
          <KeyRound aria-hidden="true" className="size-5 shrink-0 text-brand" />
          <div className="grid min-w-0 flex-1 gap-0.5">
            <Link
              to={`/vault/${p.id}`}
              className="w-fit font-medium text-link underline-offset-4 wrap-anywhere hover:underline"
            >
              {p.title}
            </Link>
            <p className="flex flex-wrap gap-x-3 text-sm text-muted-foreground">
              <span>Updated {formatDate(p.updatedAt)}</span>
              {p.beneficiaryEmail && (
                <span className="flex min-w-0 items-center gap-1 wrap-anywhere">
                  <UserRound aria-hidden="true" className="size-3.5 shrink-0" />
                  <span className="sr-only">Beneficiary:</span> {p.beneficiaryEmail}
                </span>
              )}
            </p>
          </div>
          <Button
            variant="ghost"
            size="icon"
            title={`Delete ${p.title}`}
            onClick={() => onDelete(p)}
            className="shrink-0 text-destructive"
          >
            <Trash2 aria-hidden="true" />
            <span className="sr-only">Delete {p.title}</span>
          </Button>
        </li>
      ))}
    </ul>
  );
}
