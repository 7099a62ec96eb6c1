import { Pencil, Trash2 } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { formatDate } from "@/lib/format";
import type { Beneficiary } from "../api/list-beneficiaries";

type Props = {
  /** The beneficiary shown; the dialog is open while there is one. */
  beneficiary: Beneficiary | null;
  onClose: () => void;
  onDelete: (beneficiary: Beneficiary) => void;
  onCloseAutoFocus: (event: Event) => void;
};

function Detail({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="grid gap-0.5 sm:grid-cols-[8rem_1fr] sm:items-baseline sm:gap-3">
      <dt className="text-sm font-medium text-muted-foreground">{term}</dt>
      <dd className="wrap-anywhere whitespace-pre-wrap">{children}</dd>
    </div>
  );
}

const NONE = <span className="text-muted-foreground">Not given</span>;
/** Sealed with the vault key, which this tab does not hold now (the list still shows names). */
const SEALED = <span className="text-muted-foreground">Sealed: unlock your vault to see it</span>;

/** A beneficiary's details, with Edit and Delete. */
export function BeneficiaryDetailDialog({
  beneficiary,
  onClose,
  onDelete,
  onCloseAutoFocus,
}: Props) {
  const none = beneficiary?.hasSealedDetails ? SEALED : NONE;
  return (
    <Dialog open={beneficiary !== null} onOpenChange={(isOpen) => !isOpen && onClose()}>
      <DialogContent onCloseAutoFocus={onCloseAutoFocus}>
        {beneficiary && (
          <>
            <DialogHeader>
              <DialogTitle className="wrap-anywhere">{beneficiary.name}</DialogTitle>
              <DialogDescription>
                {beneficiary.relationship
                  ? `Beneficiary · ${beneficiary.relationship}`
                  : "Beneficiary"}
              </DialogDescription>
            </DialogHeader>
            <dl className="grid gap-3">
              <Detail term="Email">
                <a
                  href={`mailto:${beneficiary.email}`}
                  className="text-link underline-offset-4 hover:underline"
                >
                  {beneficiary.email}
                </a>
              </Detail>
              <Detail term="Phone">{beneficiary.phone ?? none}</Detail>
              <Detail term="Relationship">{beneficiary.relationship ?? none}</Detail>
              <Detail term="Notes">{beneficiary.notes ?? none}</Detail>
              <Detail term="Added">{formatDate(beneficiary.createdAt)}</Detail>
            </dl>
            <DialogFooter>
              <DialogClose asChild>
                <Button variant="outline">Close</Button>
              </DialogClose>
              <Button
                variant="outline"
                className="text-destructive"
                onClick={() => onDelete(beneficiary)}
              >
                <Trash2 aria-hidden="true" /> Delete
              </Button>
              <Button asChild>
                <Link to={`/beneficiaries/edit/${beneficiary.id}`}>
                  <Pencil aria-hidden="true" /> Edit
                </Link>
              </Button>
            </DialogFooter>
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}
