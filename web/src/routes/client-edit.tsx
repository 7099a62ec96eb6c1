import { CLIENT_MSG } from "@common/clients";
import { useNavigate, useParams } from "react-router";
import { Loading } from "@/components/loading";
import { LoadError } from "@/components/load-error";
import { PageHeader } from "@/components/page-header";
import { Card, CardContent } from "@/components/ui/card";
import { useClientFirmDetails } from "@/features/clients/api/get-client-firm-details";
import { ClientFirmDetailsForm } from "@/features/clients/components/client-firm-details-form";
import { errorMessage } from "@/lib/api-client";

/** /clients/edit/:id (firm_admin or firm_staff): the firm's reference and notes about a client (docs/decisions/041). */
export default function ClientEditScreen() {
  const { id = "" } = useParams();
  const navigate = useNavigate();
  const found = useClientFirmDetails(id);
  const back = `/clients/${encodeURIComponent(id)}`;
  const name = found.data?.client.name;

  return (
    <div className="mx-auto grid max-w-2xl gap-6">
      <PageHeader
        title={CLIENT_MSG.editTitle}
        description={name ? CLIENT_MSG.editDescription(name) : undefined}
        back={{ to: found.isError ? "/clients" : back, label: "Back to client" }}
      />
      <Card>
        <CardContent className="pt-6">
          {found.data ? (
            <ClientFirmDetailsForm
              key={found.data.details.updatedAt ?? "new"}
              clientId={found.data.client.id}
              details={found.data.details}
              onSaved={() => navigate(back)}
              onCancel={() => navigate(back)}
            />
          ) : found.isError ? (
            <LoadError onRetry={() => void found.refetch()}>
              {errorMessage(found.error, CLIENT_MSG.detailsLoadFailed)}
            </LoadError>
          ) : (
            <Loading variant="detail" />
          )}
        </CardContent>
      </Card>
    </div>
  );
}
