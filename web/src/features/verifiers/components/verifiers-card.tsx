import { VERIFIER_MSG } from "@common/verifiers";
import { UserCheck } from "lucide-react";
import { LoadError } from "@/components/load-error";
import { Loading } from "@/components/loading";
import { Card, CardContent, CardHeader, CardHeading } from "@/components/ui/card";
import { errorMessage } from "@/lib/api-client";
import { useVerifiers } from "../api/list-verifiers";
import { acceptedSummary } from "../verifier-words";
import { AddVerifierForm } from "./add-verifier-form";
import { ThresholdPicker } from "./threshold-picker";
import { VerifierRow } from "./verifier-row";

/**
 * The owner's verifiers on the release plan screen (docs/decisions/081): who, whether they
 * accepted and when they last answered, how many must confirm, and the way to add one.
 */
export function VerifiersCard() {
  const query = useVerifiers();
  const view = query.data;
  return (
    <Card id="verifiers" role="region" aria-labelledby="verifiers-heading">
      <CardHeader className="pb-2">
        <CardHeading id="verifiers-heading" icon={UserCheck}>
          Verifiers
        </CardHeading>
      </CardHeader>
      <CardContent className="grid gap-5">
        <p className="text-sm text-muted-foreground">
          Up to 5 people you trust, or your firm, who would confirm one day that you have died or
          can no longer manage your affairs. Each is invited by e-mail and needs no account. They
          never see what you keep here and never receive a key. Once a year we check that we can
          still reach them.
        </p>
        {view ? (
          <>
            <p className="font-medium" aria-live="polite" data-testid="verifiers-summary">
              {acceptedSummary(view)}
            </p>
            {view.verifiers.length > 0 && (
              <ul className="divide-y border-y" aria-label="Your verifiers">
                {view.verifiers.map((v) => (
                  <VerifierRow key={v.id} verifier={v} />
                ))}
              </ul>
            )}
            <ThresholdPicker view={view} />
            {view.verifiers.length < view.max ? (
              <AddVerifierForm firmName={view.canAddFirm ? view.firmName : null} />
            ) : (
              <p className="text-sm">You have named {view.max} verifiers, the most there can be.</p>
            )}
          </>
        ) : query.isError ? (
          <LoadError onRetry={() => void query.refetch()}>
            {errorMessage(query.error, VERIFIER_MSG.loadFailed)}
          </LoadError>
        ) : (
          <Loading variant="detail" />
        )}
      </CardContent>
    </Card>
  );
}
