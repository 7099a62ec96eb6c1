import { FIRM_MSG } from "@common/firms";
import { FIRM_CODE_MSG } from "@common/firm-codes";
import { useEffect } from "react";
import { Navigate } from "react-router";
import { useMe } from "@/lib/me";
import { useFirm } from "@/features/firms/api/get-firm";
import { FirmCodesManager } from "@/features/firm-codes/components/firm-codes-manager";
import { NoFirmAccess } from "@/features/firm-codes/components/no-firm-access";
import { toast } from "@/lib/toast";

/** The manager, named after the firm as the server has it (the signed-in user's copy of the name while it loads). */
function FirmCodesForAdmin({ firmName }: { firmName: string }) {
  const firm = useFirm();
  useEffect(() => {
    if (firm.isError) toast.error(FIRM_MSG.loadFirmFailed, { id: "firm-load" });
  }, [firm.isError]);
  return <FirmCodesManager firmName={firm.data?.name ?? firmName} />;
}

/**
 * /firm/codes (spec 01 §2, §6): firm_admin with a firm only. Without a firm: 'No Law Firm Access';
 * in a firm but not its admin: told so and sent to /dashboard. (The server refuses others anyway.)
 */
export default function FirmCodesScreen() {
  const { data: me } = useMe();
  const isForbidden = !!me?.firmId && me.role !== "firm_admin";
  useEffect(() => {
    if (isForbidden) toast.error(FIRM_CODE_MSG.codesNoPermission, { id: "firm-codes-forbidden" });
  }, [isForbidden]);

  if (!me) return null; // RequireAuth renders this screen only with a user
  if (!me.firmId) return <NoFirmAccess />;
  if (isForbidden) return <Navigate to="/dashboard" replace />;
  return <FirmCodesForAdmin firmName={me.firmName ?? "your firm"} />;
}
