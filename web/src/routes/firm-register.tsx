import { FIRM_ONBOARDING_MSG } from "@common/firms";
import { ArrowLeft } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router";
import { linkLook } from "@/components/looks";
import { Button } from "@/components/ui/button";
import { AuthLayout } from "@/features/auth/components/auth-layout";
import { FirmRegistrationWizard } from "@/features/firms/components/firm-registration-wizard";

/**
 * /firm-register (spec 01 §2): a law firm and its first administrator, in three steps. Once the
 * confirmation shows, its "Go to Login" is the one way on (issue 16, point 10): the screen's own
 * links to /login go.
 */
export default function FirmRegister() {
  const [isComplete, setIsComplete] = useState(false);
  const returnToLogin = (
    <div className="mb-4 w-full max-w-md">
      <Button asChild variant="ghost" size="sm">
        <Link to="/login">
          <ArrowLeft aria-hidden="true" /> Return to Login
        </Link>
      </Button>
    </div>
  );
  return (
    <AuthLayout
      title="Register Your Law Firm"
      description={FIRM_ONBOARDING_MSG.registerSubtitle}
      banner={isComplete ? undefined : returnToLogin}
    >
      {/* The same words for every visitor: nothing here says whether an address has an account (decision 034). */}
      {!isComplete && (
        <p className="mb-6 rounded-md bg-muted p-3 text-sm text-foreground-soft">
          {FIRM_ONBOARDING_MSG.haveAccount}{" "}
          <Link to="/login" state={{ from: "/firm/new" }} className={linkLook}>
            Sign in to register your firm
          </Link>
        </p>
      )}
      <FirmRegistrationWizard onConfirmation={() => setIsComplete(true)} />
      {!isComplete && (
        <div className="mt-6 border-t border-border pt-6">
          <Button asChild variant="outline" className="w-full">
            <Link to="/login">Back to Login</Link>
          </Button>
        </div>
      )}
    </AuthLayout>
  );
}
