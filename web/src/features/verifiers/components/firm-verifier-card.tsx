import { UserCheck } from "lucide-react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardHeading } from "@/components/ui/card";
import { errorMessage } from "@/lib/api-client";
import { formatDate } from "@/lib/format";
import { useAnswerForFirm } from "../api/answer-for-firm";
import { useFirmVerifier } from "../api/get-firm-verifier";

const ANSWER_FAILED = "The answer could not be saved. Please try again.";

/**
 * On a client's page, for the firm's admins (docs/decisions/081): the client named the firm as a
 * verifier; any admin accepts or declines for the firm. Nothing when the client did not.
 */
export function FirmVerifierCard({
  clientId,
  clientName,
  isAdmin,
}: {
  clientId: string;
  clientName: string;
  isAdmin: boolean;
}) {
  const query = useFirmVerifier(clientId, isAdmin);
  const answer = useAnswerForFirm(clientId);
  const v = query.data?.verifier;
  if (!isAdmin || !v) return null;
  const state =
    v.status === "invited"
      ? `${clientName} asked your firm on ${formatDate(v.invitedAt)} to be one of their verifiers: the people who would confirm, one day, that they have died or can no longer manage their affairs. Any administrator can answer for the firm.`
      : v.status === "accepted"
        ? `Your firm accepted on ${formatDate(v.respondedAt ?? v.invitedAt)} to be a verifier for ${clientName}.${v.lastAnsweredAt && v.lastAnsweredAt !== v.respondedAt ? ` Last answered on ${formatDate(v.lastAnsweredAt)}.` : ""}`
        : `Your firm declined on ${formatDate(v.respondedAt ?? v.invitedAt)} to be a verifier for ${clientName}.`;
  return (
    <Card>
      <CardHeader className="pb-2">
        <CardHeading icon={UserCheck}>Verifier</CardHeading>
      </CardHeader>
      <CardContent className="grid gap-4 text-sm">
        <p data-testid="firm-verifier-state">{state}</p>
        {v.status === "invited" && (
          <div className="flex flex-wrap gap-3">
            <Button
              type="button"
              disabled={answer.isPending}
              onClick={() => answer.mutate({ clientId, answer: "accept" })}
            >
              Accept for the firm
            </Button>
            <Button
              type="button"
              variant="outline"
              disabled={answer.isPending}
              onClick={() => answer.mutate({ clientId, answer: "decline" })}
            >
              Decline
            </Button>
          </div>
        )}
        {answer.error && (
          <Alert variant="destructive">{errorMessage(answer.error, ANSWER_FAILED)}</Alert>
        )}
      </CardContent>
    </Card>
  );
}
