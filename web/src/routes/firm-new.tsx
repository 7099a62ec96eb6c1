import { FIRM_MSG, FIRM_ONBOARDING_MSG, type FirmView } from "@common/firms";
import { useState } from "react";
import { Link, useSearchParams } from "react-router";
import { PageHeader } from "@/components/page-header";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card, CardContent } from "@/components/ui/card";
import { ClaimFirmByLinkForm } from "@/features/firms/components/claim-firm-by-link-form";
import { FirmReady } from "@/features/firms/components/firm-ready";
import { RegisterFirmAsMeForm } from "@/features/firms/components/register-firm-as-me-form";
import { useMe } from "@/lib/me";

/**
 * /firm/new (signed in, decision 034): an individual without a firm registers one and becomes
 * its first admin, from the app or from the link e-mailed when their address was given at
 * /firm-register. Someone already in a firm is told plainly that they cannot.
 */
export default function FirmNewScreen() {
  const { data: me } = useMe();
  const [params] = useSearchParams();
  const [registered, setRegistered] = useState<FirmView | null>(null);
  if (!me) return null; // RequireAuth renders this screen only with a user
  const firmId = params.get("firm");
  const token = params.get("token");
  const isInFirm = me.role !== "regular_user" || !!me.firmId;

  let body;
  if (registered) body = <FirmReady firm={registered} />;
  else if (isInFirm)
    body = (
      <div className="grid gap-4">
        <Alert>{FIRM_MSG.alreadyInFirm}</Alert>
        <Button asChild className="w-full">
          <Link to="/dashboard">Go to Dashboard</Link>
        </Button>
      </div>
    );
  else if (firmId && token)
    body = <ClaimFirmByLinkForm me={me} link={{ firmId, token }} onClaimed={setRegistered} />;
  else body = <RegisterFirmAsMeForm me={me} onRegistered={setRegistered} />;

  return (
    <div className="mx-auto grid max-w-xl gap-6">
      <PageHeader
        title="Register Your Law Firm"
        description={FIRM_ONBOARDING_MSG.registerSubtitle}
        back={{ to: "/dashboard", label: "Back to dashboard" }}
      />
      <Card>
        <CardContent className="pt-6">{body}</CardContent>
      </Card>
    </div>
  );
}
