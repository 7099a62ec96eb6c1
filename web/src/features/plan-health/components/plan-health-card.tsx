import { PLAN_HEALTH_UI_MSG } from "@common/plan-health";
import { CircleAlert, CircleCheck, HeartPulse } from "lucide-react";
import { Link } from "react-router";
import { LoadError } from "@/components/load-error";
import { Loading } from "@/components/loading";
import { Card, CardContent, CardHeader, CardHeading } from "@/components/ui/card";
import { errorMessage } from "@/lib/api-client";
import { usePlanHealth } from "../api/get-plan-health";

/**
 * What could stop the owner's plan from working, each with where to fix it (docs/decisions/083).
 * With `client`, the client's firm reads the same facts in its own words, without the links.
 */
export function PlanHealthCard({ client }: { client?: { id: string; name: string } }) {
  const query = usePlanHealth(client?.id);
  const entries = query.data?.entries;
  return (
    <Card role="region" aria-labelledby="plan-health-heading">
      <CardHeader className="pb-2">
        <CardHeading id="plan-health-heading" icon={HeartPulse}>
          {PLAN_HEALTH_UI_MSG.title}
          {client && <span className="sr-only"> of {client.name}</span>}
        </CardHeading>
      </CardHeader>
      <CardContent className="text-sm">
        {entries ? (
          entries.length === 0 ? (
            <p className="flex items-center gap-2" data-testid="plan-health-good">
              <CircleCheck aria-hidden="true" className="size-4 text-success" />
              {client ? PLAN_HEALTH_UI_MSG.firmAllGood : PLAN_HEALTH_UI_MSG.allGood}
            </p>
          ) : (
            <ul className="grid gap-3" aria-label="Things to look at">
              {entries.map((e) => (
                <li key={e.code} className="flex gap-2" data-code={e.code}>
                  <CircleAlert
                    aria-hidden="true"
                    className="mt-0.5 size-4 shrink-0 text-warning-text"
                  />
                  <span className="grid gap-1">
                    <span>{e.message}</span>
                    {!client && (
                      <Link
                        to={e.fixPath}
                        className="w-fit font-medium text-link underline underline-offset-4"
                      >
                        {e.fixLabel}
                      </Link>
                    )}
                  </span>
                </li>
              ))}
            </ul>
          )
        ) : query.isError ? (
          <LoadError onRetry={() => void query.refetch()}>
            {errorMessage(query.error, PLAN_HEALTH_UI_MSG.loadFailed)}
          </LoadError>
        ) : (
          <Loading variant="detail" />
        )}
      </CardContent>
    </Card>
  );
}
