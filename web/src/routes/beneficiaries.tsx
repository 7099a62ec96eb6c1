import { BENEFICIARY_MSG } from "@common/beneficiaries";
import { UserPlus, Users } from "lucide-react";
import { useRef, useState } from "react";
import { Link } from "react-router";
import { LoadError } from "@/components/load-error";
import { Loading } from "@/components/loading";
import { PageHeader } from "@/components/page-header";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import {
  useBeneficiaries,
  type Beneficiary,
} from "@/features/beneficiaries/api/list-beneficiaries";
import { useSealClearDetails } from "@/features/beneficiaries/api/update-beneficiary";
import { BeneficiaryDetailDialog } from "@/features/beneficiaries/components/beneficiary-detail-dialog";
import { BeneficiaryList } from "@/features/beneficiaries/components/beneficiary-list";
import { DeleteBeneficiaryDialog } from "@/features/beneficiaries/components/delete-beneficiary-dialog";
import { errorMessage } from "@/lib/api-client";

const AddButton = ({ label }: { label: string }) => (
  <Button asChild>
    <Link to="/beneficiaries/new">
      <UserPlus aria-hidden="true" /> {label}
    </Link>
  </Button>
);

/** /beneficiaries: the user's beneficiaries, newest first, with a detail dialog, edit and delete. */
export default function BeneficiariesScreen() {
  const list = useBeneficiaries();
  useSealClearDetails(list.data);
  const [viewing, setViewing] = useState<Beneficiary | null>(null);
  const [deleting, setDeleting] = useState<Beneficiary | null>(null);
  const titleRef = useRef<HTMLHeadingElement>(null);
  // Dialogs have no trigger of their own: focus goes back to the row's button, or to the title once the row is gone.
  const rowTrigger = useRef<HTMLElement | null>(null);
  const isDeleted = useRef(false);
  const loadError = list.isError ? errorMessage(list.error, BENEFICIARY_MSG.loadFailed) : undefined;

  const returnFocus = (event: Event) => {
    event.preventDefault();
    const target =
      isDeleted.current || !rowTrigger.current?.isConnected ? titleRef.current : rowTrigger.current;
    isDeleted.current = false;
    target?.focus();
  };

  return (
    <div className="grid gap-6">
      <PageHeader
        title="Beneficiaries"
        description="The people who will receive the items you assign to them."
        titleRef={titleRef}
        actions={<AddButton label="Add Beneficiary" />}
      />
      <Card className="min-w-0">
        {list.isPending && !loadError ? (
          <Loading variant="list" />
        ) : loadError ? (
          <LoadError className="border-0" onRetry={() => void list.refetch()}>
            {loadError}
          </LoadError>
        ) : list.data?.length ? (
          <BeneficiaryList
            beneficiaries={list.data}
            onView={(b, trigger) => {
              rowTrigger.current = trigger;
              setViewing(b);
            }}
            onDelete={(b, trigger) => {
              rowTrigger.current = trigger;
              setDeleting(b);
            }}
          />
        ) : (
          <div className="flex flex-col items-center gap-3 px-4 py-10 text-center">
            <Users aria-hidden="true" className="size-10 text-muted-foreground" />
            <h2 className="text-lg font-semibold">No beneficiaries yet</h2>
            <p className="max-w-md text-sm text-muted-foreground">
              Add the people you want to receive your passwords, documents and notes.
            </p>
            <AddButton label="Add Your First Beneficiary" />
          </div>
        )}
      </Card>
      <BeneficiaryDetailDialog
        beneficiary={viewing}
        onClose={() => setViewing(null)}
        onDelete={(b) => {
          setViewing(null);
          setDeleting(b);
        }}
        onCloseAutoFocus={returnFocus} // and from Delete, the confirmation then takes it
      />
      <DeleteBeneficiaryDialog
        beneficiary={deleting}
        onClose={(wasDeleted) => {
          isDeleted.current = wasDeleted;
          setDeleting(null);
        }}
        onCloseAutoFocus={returnFocus}
      />
    </div>
  );
}
