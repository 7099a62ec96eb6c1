import { FIRM_EDIT_MSG } from "@common/firms";
import { Loading } from "@/components/loading";
import { Pencil } from "lucide-react";
import { Link } from "react-router";
import { LoadError } from "@/components/load-error";
import { errorMessage } from "@/lib/api-client";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader } from "@/components/ui/card";
import { useFirm } from "../api/get-firm";
import { FirmLogo } from "./firm-logo";

const NOT_GIVEN = <span className="text-muted-foreground">Not provided</span>;

/** The Firm Overview's firm card: logo, then name, firm code, phone and address beside it when there is room, with a link to /firm/edit. */
export function FirmCard() {
  const firm = useFirm();
  const f = firm.data;
  return (
    <Card className="flex flex-col">
      <CardHeader>
        <h2 className="text-lg font-semibold">Firm Details</h2>
      </CardHeader>
      <CardContent className="grid flex-1 gap-4">
        {f ? (
          <div className="flex flex-wrap items-start gap-x-6 gap-y-4">
            <FirmLogo url={f.logoUrl} firmName={f.name} />
            <dl className="grid min-w-0 flex-1 basis-64 gap-3 text-sm sm:grid-cols-2">
              {(
                [
                  ["Name", <span className="font-medium wrap-anywhere">{f.name}</span>],
                  [
                    "Firm code",
                    <span className="font-mono font-semibold tracking-wider">{f.firmCode}</span>,
                  ],
                  ["Phone", f.phone || NOT_GIVEN],
                  [
                    "Address",
                    f.address ? (
                      <span className="whitespace-pre-line wrap-anywhere">{f.address}</span>
                    ) : (
                      NOT_GIVEN
                    ),
                  ],
                ] as const
              ).map(([term, value]) => (
                <div key={term} className="grid gap-0.5">
                  <dt className="text-muted-foreground">{term}</dt>
                  <dd>{value}</dd>
                </div>
              ))}
            </dl>
          </div>
        ) : firm.isError ? (
          <LoadError onRetry={() => void firm.refetch()}>
            {errorMessage(firm.error, FIRM_EDIT_MSG.fetchFailed)}
          </LoadError>
        ) : (
          <Loading variant="detail" />
        )}
        <Button asChild variant="outline" className="mt-auto w-fit">
          <Link to="/firm/edit">
            <Pencil aria-hidden="true" /> Edit Firm Details
          </Link>
        </Button>
      </CardContent>
    </Card>
  );
}
