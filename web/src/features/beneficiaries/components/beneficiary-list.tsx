import { ROLE_TEXT } from "@common/beneficiaries";
import { Eye, Pencil, Trash2 } from "lucide-react";
import { Link } from "react-router";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import type { Beneficiary } from "../api/list-beneficiaries";

type Props = {
  beneficiaries: Beneficiary[];
  onView: (beneficiary: Beneficiary, trigger: HTMLElement) => void;
  onDelete: (beneficiary: Beneficiary, trigger: HTMLElement) => void;
};

/** The beneficiaries in the order given (newest first), each with View, Edit and Delete. */
export function BeneficiaryList({ beneficiaries, onView, onDelete }: Props) {
  return (
    <ul className="divide-y divide-border" aria-label="Beneficiaries">
      {beneficiaries.map((b) => {
        return (
          <li
            key={b.id}
            className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2 px-4 py-3"
          >
            <div className="grid min-w-0 flex-1 basis-48 gap-0.5">
              <p className="flex flex-wrap items-center gap-2">
                <Link
                  to={`/beneficiaries/${encodeURIComponent(b.id)}`}
                  className="font-medium text-link underline-offset-4 wrap-anywhere hover:underline"
                >
                  {b.name}
                </Link>
                {b.relationship && <Badge className="wrap-anywhere">{b.relationship}</Badge>}
                {b.isExecutor && <Badge>{ROLE_TEXT.executor.badge}</Badge>}
                {b.isLegalContact && <Badge>{ROLE_TEXT.legal_contact.badge}</Badge>}
              </p>
              <p className="text-sm text-muted-foreground wrap-anywhere">{b.email}</p>
            </div>
            <div className="flex gap-1">
              <Button
                variant="ghost"
                size="icon"
                onClick={(e) => onView(b, e.currentTarget)}
                aria-label={`View ${b.name}`}
                title="View details"
              >
                <Eye aria-hidden="true" />
              </Button>
              <Button asChild variant="ghost" size="icon">
                <Link to={`/beneficiaries/edit/${b.id}`} aria-label={`Edit ${b.name}`} title="Edit">
                  <Pencil aria-hidden="true" />
                </Link>
              </Button>
              <Button
                variant="ghost"
                size="icon"
                className="text-destructive"
                onClick={(e) => onDelete(b, e.currentTarget)}
                aria-label={`Delete ${b.name}`}
                title="Delete"
              >
                <Trash2 aria-hidden="true" />
              </Button>
            </div>
          </li>
        );
      })}
    </ul>
  );
}
