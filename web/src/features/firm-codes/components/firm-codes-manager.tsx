import { FIRM_CODE_MSG } from "@common/firm-codes";
import { Loading } from "@/components/loading";
import { KeyRound } from "lucide-react";
import { useState } from "react";
import { PageHeader } from "@/components/page-header";
import { LoadError } from "@/components/load-error";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { useFirmCodes } from "../api/list-firm-codes";
import { CreateFirmCodeDialog } from "./create-firm-code-dialog";
import { FirmCodesTable } from "./firm-codes-table";

/** The Firm Codes Manager of a firm_admin (spec 01 §2 /firm/codes). */
export function FirmCodesManager({ firmName }: { firmName: string }) {
  const codes = useFirmCodes();
  const [isCreateOpen, setIsCreateOpen] = useState(false);

  return (
    <div className="grid gap-6">
      <PageHeader
        title="Firm Codes Manager"
        description={
          <span className="wrap-anywhere">{FIRM_CODE_MSG.manageCodesFor(firmName)}</span>
        }
        back={{ to: "/dashboard", label: "Back to Dashboard" }}
        actions={<CreateFirmCodeDialog isOpen={isCreateOpen} onOpenChange={setIsCreateOpen} />}
      />
      <Card className="p-2 sm:p-4">
        {codes.isPending ? (
          <Loading variant="list" />
        ) : codes.isError ? (
          <LoadError onRetry={() => void codes.refetch()}>
            {FIRM_CODE_MSG.loadCodesFailed}
          </LoadError>
        ) : codes.data.length === 0 ? (
          <div className="grid justify-items-center gap-3 p-8 text-center">
            <KeyRound aria-hidden="true" className="size-10 text-muted-foreground" />
            <p className="font-medium">{FIRM_CODE_MSG.noCodesYet}</p>
            <Button variant="outline" onClick={() => setIsCreateOpen(true)}>
              Create Your First Code
            </Button>
          </div>
        ) : (
          <FirmCodesTable codes={codes.data} />
        )}
      </Card>
    </div>
  );
}
