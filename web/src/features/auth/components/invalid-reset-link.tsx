import { AUTH_MSG } from "@common/auth";
import { Link } from "react-router";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";

/** Shown for a missing, used or expired reset token: the only way on is a new link. */
export function InvalidResetLink({ message = AUTH_MSG.linkInvalid }: { message?: string }) {
  return (
    <div className="grid gap-4">
      <Alert variant="destructive">
        <AlertDescription>{message}</AlertDescription>
      </Alert>
      <Button asChild>
        <Link to="/reset-password">Request a new link</Link>
      </Button>
    </div>
  );
}
