import { REHEARSAL_MSG } from "@common/rehearsal";
import { MailCheck } from "lucide-react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardHeading } from "@/components/ui/card";
import { ApiError, errorMessage } from "@/lib/api-client";
import { useSendRehearsal } from "../api/send-rehearsal";

/** The test run of the owner's release (docs/decisions/083): one button, and what it did. */
export function RehearsalCard() {
  const send = useSendRehearsal();
  const error = send.error;
  return (
    <Card role="region" aria-labelledby="rehearsal-heading">
      <CardHeader className="pb-2">
        <CardHeading id="rehearsal-heading" icon={MailCheck}>
          Test run
        </CardHeading>
      </CardHeader>
      <CardContent className="grid gap-3 text-sm">
        <p className="text-muted-foreground">{REHEARSAL_MSG.explain}</p>
        <Button
          className="w-fit"
          variant="outline"
          disabled={send.isPending}
          onClick={() => send.mutate()}
        >
          {REHEARSAL_MSG.button}
        </Button>
        <div aria-live="polite">
          {send.data && (
            <Alert variant="success" data-testid="rehearsal-sent">
              {REHEARSAL_MSG.sent(send.data.sent, send.data.to)}
            </Alert>
          )}
          {error && (
            <Alert variant="destructive">
              {error instanceof ApiError && error.status === 429
                ? REHEARSAL_MSG.tooMany
                : errorMessage(error, REHEARSAL_MSG.failed)}
            </Alert>
          )}
        </div>
      </CardContent>
    </Card>
  );
}
