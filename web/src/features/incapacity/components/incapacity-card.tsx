import { HeartHandshake } from "lucide-react";
import { Link } from "react-router";
import { LoadError } from "@/components/load-error";
import { Loading } from "@/components/loading";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardHeading } from "@/components/ui/card";
import { errorMessage } from "@/lib/api-client";
import { useIncapacity } from "../api/get-incapacity";
import { useWithdrawIncapacity } from "../api/withdraw-incapacity";
import { endedSentence, scopeSentence } from "../scope-words";

export const CAREGIVERS_PATH = "/release/caregivers";
const FAILED = "That did not work. Please try again.";

/**
 * "If you cannot act" on /release (decision 093): the incapacity scope's state in one sentence,
 * one action (stop it while it waits or runs), and the way to the screen that marks items.
 */
export function IncapacityCard() {
  const view = useIncapacity();
  const withdraw = useWithdrawIncapacity();
  const s = view.data?.scope;
  const isOpen = s?.status === "waiting" || s?.status === "active";
  return (
    <Card role="region" aria-labelledby="incapacity-heading">
      <CardHeader className="pb-2">
        <CardHeading id="incapacity-heading" icon={HeartHandshake}>
          If you cannot act
        </CardHeading>
      </CardHeader>
      <CardContent className="grid gap-4">
        {view.isError ? (
          <LoadError onRetry={() => void view.refetch()}>
            {errorMessage(view.error, "This could not be loaded.")}
          </LoadError>
        ) : !view.data ? (
          <Loading variant="list" />
        ) : (
          <>
            <p aria-live="polite" className={isOpen ? "font-semibold" : undefined}>
              {scopeSentence(view.data)}
            </p>
            {endedSentence(view.data) && (
              <p className="text-sm text-muted-foreground">{endedSentence(view.data)}</p>
            )}
            {isOpen ? (
              <div>
                <Button
                  type="button"
                  disabled={withdraw.isPending}
                  onClick={() => withdraw.mutate()}
                >
                  {s?.status === "waiting" ? "I'm fine: stop this" : "End their access now"}
                </Button>
              </div>
            ) : (
              <div>
                <Button asChild variant="outline">
                  <Link to={CAREGIVERS_PATH}>Choose what your caregivers can read</Link>
                </Button>
              </div>
            )}
            {withdraw.error && (
              <Alert variant="destructive">{errorMessage(withdraw.error, FAILED)}</Alert>
            )}
          </>
        )}
      </CardContent>
    </Card>
  );
}
